import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Keys whose values never reach the logs, wherever a logged object carries them (one or two levels
 * deep): credentials, tokens, one-time codes, cookies, and the SQL text/parameters a database error
 * may hold. The request logs themselves never include bodies or headers (src/server/http/request-log.ts);
 * this is the second line of defence for error objects and ad-hoc log calls.
 */
export const REDACT_PATHS = [
  'authorization', 'cookie', 'password', 'newPassword', 'currentPassword', 'token', 'accessToken', 'refreshToken',
  'otp', 'verificationCode', 'resetCode', 'secret', 'jwtSecret', 'serviceRoleKey', 'parameters', 'query_text',
].flatMap((key) => [key, `*.${key}`, `*.*.${key}`])
  .concat(['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'err.query', 'err.parameters']);

/**
 * The server's JSON logger (pino): one JSON object per line on stdout (or `destination`), with
 * `REDACT_PATHS` replaced by `[REDACTED]`. (`code` is not redacted: on errors it is the SQLSTATE or
 * our error code, which the logs need; one-time codes only ever travel in request bodies, never logged.)
 */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: 'dalil-api' },
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      serializers: { err: pino.stdSerializers.err },
    },
    options.destination,
  );
}
