/** What an attempt to deliver got back: a status, or an error before any status. */
export interface SendResult {
  statusCode: number | null;
  error: string | null;
  /** The first 4 KB of the answer. */
  responseBody: string | null;
  durationMs: number;
}

/** The HTTP side of delivery, behind a port (implemented in src/server/http-webhook-sender.ts). */
export interface WebhookSender {
  send(url: string, headers: Record<string, string>, body: Uint8Array): Promise<SendResult>;
}
