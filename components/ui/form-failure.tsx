import { Alert } from "./alert";

/**
 * A form's failure that belongs to no one field: the action's own error (field errors show
 * beside their fields instead), or the request that never reached the server.
 */
export function FormFailure({
  error,
  requestFailed,
  requestFailedMessage,
  className,
}: {
  /** The action's error when it refused without naming a field. */
  error: string | undefined;
  requestFailed: boolean;
  requestFailedMessage: string;
  className?: string;
}) {
  return (
    <>
      {error ? (
        <Alert tone="error" className={className}>
          {error}
        </Alert>
      ) : null}
      {requestFailed ? (
        <Alert tone="error" className={className}>
          {requestFailedMessage}
        </Alert>
      ) : null}
    </>
  );
}
