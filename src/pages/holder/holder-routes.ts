import busboy from 'busboy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../core/context.js';
import { AppError, fieldError, retryAfterSeconds, toAppError, validationError } from '../../core/errors.js';
import type { RequiredDocument } from '../../core/kyc/documents/document-kinds.js';
import { DEFAULT_DOCUMENT_MAX_BYTES, spendHolderLink } from '../../core/kyc/documents/holder-link.js';
import { signHolderVerification } from '../../core/kyc/documents/sign-holder-verification.js';
import { uploadHolderDocument } from '../../core/kyc/documents/upload-holder-document.js';
import { tooLarge } from '../../core/kyc/documents/upload-stream.js';
import { openVerificationLink } from '../../core/kyc/open-verification-link.js';
import { strictPolicy } from '../../http/csp.js';
import { safeError } from '../../logging/safe-error.js';
import { messagePage, type Notice, type ValidLink } from './page-html.js';
import { streamChunks } from './stream-chunks.js';
import { completionPage, progressOf, verificationPage } from './verification-page.js';

type TokenRequest = FastifyRequest<{ Params: { token: string }; Querystring: { done?: string } }>;

/**
 * The token in the URL is the only credential: no caching, no referrer, no framing, own assets
 * only. `blob:` images are the previews the page's script makes of the holder's own files.
 */
const CSP = strictPolicy({ script: ["'self'"], style: ["'self'"], img: ["'self'", 'blob:'], connect: ["'self'"], formAction: ["'self'"] });

export function holderHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', CSP)
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
}

const wantsJson = (req: FastifyRequest) => (req.headers.accept ?? '').includes('application/json');

/** Parses the upload form as it streams: `nonce` and `kind` first, then the one `file` part. */
function streamUpload<T>(
  req: FastifyRequest,
  maxBytes: number,
  use: (fields: Record<string, string>, fileName: string, chunks: AsyncIterable<Buffer>) => Promise<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // One byte over the limit is enough to tell "too large"; busboy discards the rest.
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12, fileSize: maxBytes + 1 },
      });
    } catch {
      reject(new AppError('UNSUPPORTED_MEDIA_TYPE', 'The upload must be sent as a multipart form.'));
      return;
    }
    const fields: Record<string, string> = {};
    let work: Promise<T> | null = null;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || work) {
        stream.resume();
        return;
      }
      const { chunks, drain } = streamChunks(stream);
      work = use({ ...fields }, info.filename ?? 'upload', chunks);
      // Whatever the use case decided, the rest of the file is read and dropped so the answer arrives.
      work.then(drain, drain);
    });
    parser.on('close', () => {
      if (work) work.then(resolve, reject);
      else reject(validationError([fieldError('file', 'required', 'choose a file to upload')]));
    });
    parser.on('error', () => reject(new AppError('MALFORMED_REQUEST', 'The upload could not be read. Please try again.')));
    req.raw.pipe(parser);
  });
}

/** Room for the form's other fields and part headers around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const LINK_ERRORS = new Set(['NOT_FOUND', 'LINK_EXPIRED', 'TOO_MANY_ATTEMPTS']);

/** A refusal as the holder sees it: the page again with the reason, or a short JSON for the script. */
async function refuse(deps: Deps, req: TokenRequest, reply: FastifyReply, maxBytes: number, err: unknown) {
  const e = toAppError(err);
  if (e.code === 'INTERNAL') req.log.error({ err: safeError(err) }, 'holder post failed');
  const message = e.code === 'INTERNAL' ? 'Something went wrong on our side. Please try again in a moment.' : e.message;
  holderHeaders(reply).code(e.kind.http);
  const retryAfter = retryAfterSeconds(e);
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  if (wantsJson(req)) return reply.type('application/json').send({ ok: false, message, code: e.code });
  reply.type('text/html; charset=utf-8');
  const link = LINK_ERRORS.has(e.code) ? null : await openVerificationLink(deps, req.params.token);
  if (link?.state === 'valid') return reply.send(linkPage(link, req.params.token, maxBytes, { kind: 'error', message }));
  return reply.send(messagePage(e.kind.title, message));
}

/** A usable link's page: the steps left, or only the completion once there are none. */
function linkPage(link: ValidLink, token: string, maxBytes: number, notice?: Notice): string {
  if (link.status === 'completed' || link.status === 'submitted' || progressOf(link).complete)
    return completionPage(link, notice?.kind === 'error' ? notice : undefined);
  return verificationPage(link, token, maxBytes, notice);
}

/** Done: the page's script gets JSON with the progress to show in place; a plain form is sent back to the page. */
async function accepted(deps: Deps, req: TokenRequest, reply: FastifyReply, done: string, message: string, extra: object = {}) {
  holderHeaders(reply);
  if (!wantsJson(req)) return reply.code(303).header('location', `/verify/${req.params.token}?done=${done}`).send();
  const link = await openVerificationLink(deps, req.params.token);
  const progress = link.state === 'valid' ? progressOf(link) : undefined;
  return reply.type('application/json').send({ ok: true, message, ...extra, ...(progress ? { progress } : {}) });
}

function noticeFor(done: string | undefined, required: RequiredDocument[]): Notice | undefined {
  if (done === 'signed') return { kind: 'ok', message: 'Thank you: your signature was recorded.' };
  const doc = required.find((d) => d.kind === done);
  return doc ? { kind: 'ok', message: `Received: ${doc.label}. Thank you.` } : undefined;
}

/** The account holder's page behind a verification link, and its two forms. */
export function holderRoutes(app: FastifyInstance, opts: { deps: Deps }): void {
  const { deps } = opts;
  const limit = () => deps.documentMaxBytes ?? DEFAULT_DOCUMENT_MAX_BYTES;

  app.get('/verify/:token', async (req: TokenRequest, reply) => {
    const link = await openVerificationLink(deps, req.params.token);
    holderHeaders(reply).type('text/html; charset=utf-8');
    if (link.state === 'unknown') {
      return reply
        .code(404)
        .send(
          messagePage(
            'Link not found',
            'This verification link is not valid. It may have been replaced by a newer one; please use the most recent link you received.',
          ),
        );
    }
    if (link.state === 'closed') {
      const who = link.requester.name;
      const closed = `This verification is closed: ${who} cannot verify you, and nothing more can be sent here. Contact ${who} with any questions.`;
      return reply.send(messagePage('Verification closed', closed));
    }
    if (link.state === 'expired')
      return reply.code(410).send(messagePage('Link expired', 'This verification link has expired. Please ask for a new one.'));
    return reply.send(linkPage(link, req.params.token, limit(), noticeFor(req.query.done, link.required)));
  });

  app.register(async (scope) => {
    // The multipart body stays a stream for the handler; the signature form is small text.
    scope.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.post('/verify/:token/documents', async (req: TokenRequest, reply) => {
      const maxBytes = limit();
      try {
        if (!(req.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The upload must be sent as a multipart form.');
        }
        // A body far beyond the limit is refused before any byte is stored (then read and dropped).
        if (Number(req.headers['content-length'] ?? 0) > maxBytes + FORM_OVERHEAD_BYTES) {
          req.raw.resume();
          await spendHolderLink(deps, req.params.token);
          throw tooLarge(maxBytes);
        }
        const document = await streamUpload(req, maxBytes, (fields, fileName, chunks) =>
          uploadHolderDocument(deps, { token: req.params.token, nonce: fields.nonce, kind: fields.kind, fileName, content: chunks }),
        );
        return await accepted(deps, req, reply, document.kind, `Received: ${document.fileName}.`, { document });
      } catch (err) {
        return refuse(deps, req, reply, maxBytes, err);
      }
    });

    scope.post('/verify/:token/signature', async (req: TokenRequest, reply) => {
      const maxBytes = limit();
      try {
        const body = (req.body ?? {}) as Record<string, string>;
        if (typeof req.body !== 'object' || req.body === null) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The signature must be sent as a form.');
        }
        await signHolderVerification(deps, {
          token: req.params.token,
          nonce: body.nonce,
          fullName: body.fullName,
          acceptTerms: body.acceptTerms === 'on',
        });
        return await accepted(deps, req, reply, 'signed', 'Thank you: your signature was recorded.');
      } catch (err) {
        return refuse(deps, req, reply, maxBytes, err);
      }
    });
  });
}
