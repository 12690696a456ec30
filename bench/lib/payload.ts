// The JSON both baselines answer: a session-sized body, so the baselines move about as many
// bytes per response as the API does.
export const BASELINE_JSON = JSON.stringify({
  id: "vs_0000000000000000000000000",
  status: "created",
  required_age: 18,
  methods: ["face_estimation", "id_document"],
  return_url: "https://merchant.example/after?x=1",
  mode: "test",
  attempts: 0,
  created_at: "2026-01-01T00:00:00.000Z",
  expires_at: "2026-01-01T00:30:00.000Z",
  metadata: { order: "1001" },
});
