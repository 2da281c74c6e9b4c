/** A failed API call: HTTP status, the server's error code and message, and field errors. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string[]>,
    /** Seconds to wait before trying again, from a 429/503 answer's `Retry-After` header. */
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** True for network failures and 5xx answers (worth a retry). */
  get isTransient() {
    return this.status === 0 || this.status >= 500;
  }
}
