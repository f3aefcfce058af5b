import type { RequiredDocument } from '../../core/kyc/documents/document-kinds.js';
import { escapeHtml, formatBytes, humanTime, type Notice, noticeHtml, pageHtml, supportHtml, type ValidLink } from './page-html.js';

/** Every file input offers these; the server still decides by content. */
const ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,application/pdf,.jpg,.jpeg,.png,.heic,.heif,.pdf';

const capitalised = (s: string) => (s[0]?.toUpperCase() ?? '') + s.slice(1);

/** What the holder has done: files in, the signature, and whether that is everything. */
export function progressOf(link: ValidLink) {
  const received = link.required.filter((d) => link.received.has(d.kind)).length;
  const signed = link.signedAt !== null;
  return { received, required: link.required.length, signed, complete: received === link.required.length && signed };
}

function progressHtml(link: ValidLink): string {
  const p = progressOf(link);
  const steps = p.required + 1;
  const done = p.received + (p.signed ? 1 : 0);
  return `<div class="progress" id="progress">
<p><span id="progress-text">${done} of ${steps} steps done</span></p>
<progress max="${steps}" value="${done}" aria-labelledby="progress-text"></progress>
</div>`;
}

function documentItem(link: ValidLink, action: string, doc: RequiredDocument, index: number): string {
  const got = link.received.get(doc.kind);
  const inputId = `file-${doc.kind}`;
  const state = got
    ? `<p class="state received"><span class="badge ok">Received</span> <span class="file">${escapeHtml(got.fileName)}</span>, ${humanTime(got.uploadedAt)}</p>`
    : '<p class="state missing"><span class="badge todo">Needed</span></p>';
  const capture = doc.capture ? ` capture="${doc.capture}"` : '';
  const choose = got ? 'Replace this file' : doc.capture ? 'Take a photo or choose a file' : 'Choose a file';
  return `<li class="doc${got ? ' done' : ''}" data-kind="${doc.kind}">
<h3><span class="num">${index + 1}</span> ${escapeHtml(capitalised(doc.label))}</h3>
${state}
<div class="preview" hidden></div>
<form class="upload" method="post" action="${action}" enctype="multipart/form-data">
<input type="hidden" name="nonce" value="${escapeHtml(link.nonce)}">
<input type="hidden" name="kind" value="${doc.kind}">
<label for="${inputId}">${choose}</label>
<input id="${inputId}" type="file" name="file" accept="${ACCEPT}"${capture} required>
<p class="drop-hint">or drop a file here</p>
<progress class="upload-progress" max="100" value="0" hidden></progress>
<p class="msg" aria-live="polite"></p>
<button type="submit">${got ? 'Replace' : 'Upload'}</button>
</form>
</li>`;
}

const TERMS = `<div class="terms" tabindex="0" role="region" aria-label="Terms and conditions">
<p>By signing you confirm that the documents you uploaded are genuine, belong to you and are current,
and that the information given for your account is true. You allow the account provider and its
verification partner to process these documents and your personal data to verify your identity,
as required by anti-money-laundering law, and to keep them for as long as that law requires.</p>
</div>`;

/** A business's terms: its control person signs for the company, about the company and its people. */
function businessTerms(company: string): string {
  return `<div class="terms" tabindex="0" role="region" aria-label="Terms and conditions">
<p>By signing on behalf of <strong>${escapeHtml(company)}</strong> you confirm that you manage it and may
act for it, that the company documents and the identity documents of its people uploaded here are
genuine and current, and that the information given about the company, its owners and its control
person is true. You allow the account provider and its verification partner to process these
documents and the personal data of the people named, to verify the company and them as required by
anti-money-laundering law, and to keep them for as long as that law requires.</p>
</div>`;
}

/**
 * The signature step. Without scripts it appears once every file is in, so nothing typed is lost
 * to an upload's page reload; with scripts (uploads then never reload) it can be filled at any time.
 */
function signatureSection(link: ValidLink, action: string): string {
  const head = '<h2>Sign the terms</h2>';
  if (link.signedAt) {
    return `<section id="signature" class="step">${head}<p class="state received"><span class="badge ok">Signed</span> ${humanTime(link.signedAt)}</p></section>`;
  }
  const early = progressOf(link).received < link.required.length;
  const b = link.business;
  const signer = b?.signer ? `${escapeHtml(b.signer.initials)}, ${escapeHtml(b.signer.title)}` : 'the control person';
  const label = b
    ? `The control person (${signer}) types their full name to sign on behalf of ${escapeHtml(b.legalName)}`
    : 'Type your full name as your signature';
  return `<section id="signature" class="step${early ? ' early' : ''}">${head}
<p class="later-hint">Once every file above is in, you will sign here.</p>
<div class="sign-body">
${b ? businessTerms(b.legalName) : TERMS}
<form class="sign" method="post" action="${action}">
<input type="hidden" name="nonce" value="${escapeHtml(link.nonce)}">
<p class="check"><input type="checkbox" id="acceptTerms" name="acceptTerms" required>
<label for="acceptTerms">I have read and accept the terms and conditions</label></p>
<p><label for="fullName">${label}</label>
<input type="text" id="fullName" name="fullName" autocomplete="name" minlength="2" maxlength="200" required></p>
<p class="msg" aria-live="polite"></p>
<button type="submit">Sign</button>
</form>
</div></section>`;
}

/** The holder's page for a usable link with something left to do: the files, then the signature. */
export function verificationPage(link: ValidLink, token: string, maxBytes: number, notice?: Notice): string {
  const base = `/verify/${token}`;
  const items = link.required.map((d, i) => documentItem(link, `${base}/documents`, d, i)).join('\n');
  const who = escapeHtml(link.requester.name);
  const b = link.business;
  const lede = b
    ? `<p class="lede"><strong>${who}</strong> asks you, as the representative of <strong>${escapeHtml(b.legalName)}</strong>,
to confirm the company and the people who own or control it before opening its account.
It takes a few minutes: upload ${link.required.length} files (the company's and each person's identity document), then sign for the company.</p>`
    : `<p class="lede"><strong>${who}</strong> asks you to confirm who you are before opening your account.
It takes a few minutes: upload ${link.required.length} files, then sign.</p>`;
  return pageHtml(
    b ? 'Verify your business' : 'Verify your identity',
    `${lede}
${progressHtml(link)}
${noticeHtml(notice)}
<section id="documents" class="step"><h2>${b ? 'Upload the documents' : 'Upload your documents'}</h2>
<p class="hint">Photos (JPEG, PNG or HEIC) or PDF files, up to ${formatBytes(maxBytes)} each. Make sure every corner is visible and the text is sharp.</p>
<ol class="docs">
${items}
</ol></section>
${signatureSection(link, `${base}/signature`)}
<p class="expiry">This link is yours alone and expires on ${humanTime(link.expiresAt)}.</p>
${supportHtml(link.requester)}`,
    { script: true, requester: link.requester },
  );
}

/** Everything is in (or the verification is complete): only that, with what was sent. No forms. */
export function completionPage(link: ValidLink, notice?: Notice): string {
  const who = escapeHtml(link.requester.name);
  const verified = link.status === 'completed';
  const sent = link.required
    .map((d) => {
      const got = link.received.get(d.kind);
      return got
        ? `<li><span class="badge ok">Sent</span> ${escapeHtml(capitalised(d.label))}: <span class="file">${escapeHtml(got.fileName)}</span>, ${humanTime(got.uploadedAt)}</li>`
        : '';
    })
    .join('\n');
  const signed = link.signedAt ? `<li><span class="badge ok">Signed</span> The terms, ${humanTime(link.signedAt)}</li>` : '';
  return pageHtml(
    verified ? (link.business ? 'Your business is verified' : 'Your identity is verified') : 'Thank you, you are done',
    `${noticeHtml(notice)}<p class="lede done" id="summary">${
      verified
        ? `${who} has verified ${link.business ? escapeHtml(link.business.legalName) : 'your identity'}. There is nothing more to do.`
        : `${who} has everything it needs from you and will review it. You will hear from ${who}; you can close this page.`
    }</p>
${sent || signed ? `<section class="step"><h2>What you sent</h2><ul class="sent">\n${sent}\n${signed}\n</ul></section>` : ''}
${supportHtml(link.requester)}`,
    // The script only shows times in the holder's zone here: this page has no forms.
    { script: true, requester: link.requester },
  );
}
