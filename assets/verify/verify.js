// Progressive enhancement of the verification page: the plain forms work without this script.
// With it nothing reloads the page: a chosen or dropped file uploads at once with a progress bar,
// an image shows a preview made here from the holder's own file (a blob: URL), the page says what
// was received and how far the holder is, and the signature is sent in place too. What was typed,
// ticked and scrolled stays as it was. Loaded in the head without `defer`: the class below is set
// before the first paint, and the rest waits for the document.
document.documentElement.classList.add('js');

// The server writes times in UTC (it does not know the holder's zone): shown here in the browser's
// own zone, named ("14 March 2026, 11:05 CET"), with the UTC time kept in the title.
function localTimes() {
  let format;
  try {
    format = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
  } catch {
    return; // no Intl: UTC, as the server wrote it
  }
  for (const t of document.querySelectorAll('time.local-time')) {
    const d = new Date(t.getAttribute('datetime'));
    if (Number.isNaN(d.getTime())) continue;
    const p = Object.fromEntries(format.formatToParts(d).map((x) => [x.type, x.value]));
    t.title = t.textContent;
    t.textContent = `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${p.timeZoneName}`;
  }
}

document.addEventListener('DOMContentLoaded', () => {
  localTimes();
  const previews = new Map();

  function showProgress(p) {
    if (!p) return;
    const steps = p.required + 1;
    const done = p.received + (p.signed ? 1 : 0);
    const text = document.getElementById('progress-text');
    const bar = document.querySelector('#progress progress');
    if (text) text.textContent = `${done} of ${steps} steps done`;
    if (bar) bar.value = done;
    // Everything is in: the server's page then shows only the completion.
    if (p.complete) window.location.assign(window.location.pathname);
  }

  function badge(text) {
    const b = document.createElement('span');
    b.className = 'badge ok';
    b.textContent = text;
    return b;
  }

  function received(item, form, file) {
    item.classList.add('done');
    const state = item.querySelector('.state');
    state.className = 'state received';
    state.replaceChildren(badge('Received'), ' ');
    const name = document.createElement('span');
    name.className = 'file';
    name.textContent = file.name;
    state.append(name, ', just now');
    form.querySelector('label').textContent = 'Replace this file';
    form.querySelector('button').textContent = 'Replace';
    const preview = item.querySelector('.preview');
    const old = previews.get(item);
    if (old) URL.revokeObjectURL(old);
    previews.delete(item);
    preview.replaceChildren();
    // Browsers draw JPEG and PNG; a HEIC photo or a PDF is named instead.
    if (/^image\/(jpeg|png)$/.test(file.type)) {
      const url = URL.createObjectURL(file);
      previews.set(item, url);
      const img = document.createElement('img');
      img.src = url;
      img.alt = `Preview of ${file.name}`;
      preview.append(img);
    } else {
      const p = document.createElement('p');
      p.className = 'file-card';
      p.textContent = `${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB)`;
      preview.append(p);
    }
    preview.hidden = false;
  }

  function upload(form, file) {
    const item = form.closest('.doc');
    const progress = form.querySelector('progress');
    const msg = form.querySelector('.msg');
    const data = new FormData();
    // Same order as the plain form: the server reads nonce and kind before the file.
    data.append('nonce', form.elements.nonce.value);
    data.append('kind', form.elements.kind.value);
    data.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', form.action);
    xhr.setRequestHeader('Accept', 'application/json');
    msg.className = 'msg';
    msg.removeAttribute('role');
    msg.textContent = `Uploading ${file.name}…`;
    progress.hidden = false;
    progress.value = 0;
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) progress.value = Math.round((e.loaded / e.total) * 100);
    });
    xhr.addEventListener('load', () => {
      let body = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      progress.hidden = true;
      if (xhr.status === 200 && body && body.ok) {
        msg.textContent = body.message;
        received(item, form, file);
        form.reset();
        showProgress(body.progress);
        return;
      }
      msg.className = 'msg error';
      msg.setAttribute('role', 'alert');
      msg.textContent = body?.message ? body.message : 'The upload failed. Please try again.';
    });
    xhr.addEventListener('error', () => {
      progress.hidden = true;
      msg.className = 'msg error';
      msg.setAttribute('role', 'alert');
      msg.textContent = 'The upload did not reach us. Check your connection and try again.';
    });
    xhr.send(data);
  }

  for (const form of document.querySelectorAll('form.upload')) {
    const input = form.querySelector('input[type=file]');
    const item = form.closest('.doc');
    input.addEventListener('change', () => {
      if (input.files?.[0]) upload(form, input.files[0]);
    });
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (input.files?.[0]) upload(form, input.files[0]);
    });
    item.addEventListener('dragover', (e) => {
      e.preventDefault();
      item.classList.add('dragging');
    });
    item.addEventListener('dragleave', () => item.classList.remove('dragging'));
    item.addEventListener('drop', (e) => {
      e.preventDefault();
      item.classList.remove('dragging');
      const file = e.dataTransfer?.files[0];
      if (file) upload(form, file);
    });
  }

  const sign = document.querySelector('form.sign');
  sign?.addEventListener('submit', async (e) => {
    e.preventDefault();
    const msg = sign.querySelector('.msg');
    const button = sign.querySelector('button');
    button.disabled = true;
    msg.className = 'msg';
    msg.textContent = 'Sending your signature…';
    try {
      const res = await fetch(sign.action, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(new FormData(sign)).toString(),
      });
      const body = await res.json().catch(() => null);
      if (res.ok && body?.ok) {
        const section = document.getElementById('signature');
        const state = document.createElement('p');
        state.className = 'state received';
        state.append(badge('Signed'), ' just now');
        section.replaceChildren(section.querySelector('h2'), state);
        section.classList.remove('early');
        showProgress(body.progress);
        return;
      }
      msg.className = 'msg error';
      msg.setAttribute('role', 'alert');
      msg.textContent = body?.message ? body.message : 'Your signature could not be recorded. Please try again.';
    } catch {
      msg.className = 'msg error';
      msg.setAttribute('role', 'alert');
      msg.textContent = 'Your signature did not reach us. Check your connection and try again.';
    } finally {
      button.disabled = false;
    }
  });
});
