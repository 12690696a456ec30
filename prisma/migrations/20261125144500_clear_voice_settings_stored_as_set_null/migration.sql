-- PATCH /prompt-sets/{id} with "voice_settings": null stored the object {"set": null} instead of
-- SQL NULL (the voice's defaults), an answer shape the document does not allow (data only).
UPDATE "PromptSet"
   SET "voiceSettings" = NULL
 WHERE "voiceSettings" = '{"set": null}'::jsonb;
