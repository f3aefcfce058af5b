// Progressive enhancement of the verification page: the plain forms work without this script.
// With it, a chosen or dropped file uploads at once with a progress bar, and refusals show in place.
(() => {
  document.documentElement.classList.add('js');

  function upload(form, file) {
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
      if (xhr.status === 200 && body && body.ok) {
        progress.value = 100;
        msg.textContent = body.message;
        // The page is rendered by the server: reload it to show what was received and what is missing.
        window.location.assign(`${window.location.pathname}?done=${encodeURIComponent(form.elements.kind.value)}`);
        return;
      }
      progress.hidden = true;
      msg.className = 'msg error';
      msg.setAttribute('role', 'alert');
      msg.textContent = body?.message ? body.message : 'The upload failed. Please try again.';
    });
    xhr.addEventListener('error', () => {
      progress.hidden = true;
      msg.className = 'msg error';
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
})();
