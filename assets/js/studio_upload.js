// The studio's uploads, entirely in the browser (markup: marketplace/components/studio_upload.py).
//
// Lesson videos ([data-video-uploader]) go up with tus-js-client (assets/js/vendor/tus.min.js, loaded the first
// time a video is chosen) in chunks to /api/uploads/videos: a dropped connection is retried with growing pauses,
// Pause/Resume stop and continue at the last chunk the server holds, and a closed tab resumes when the same file
// is chosen again for the same lesson (the upload's address is remembered in localStorage). Once the last chunk
// is in, the server checks the video; this script asks GET /api/uploads/<id> until it is ready or rejected, then
// presses the uploader's hidden [data-upload-done] button, whose Reflex event reloads the lesson.
//
// Course images ([data-image-uploader]) are one POST to /api/uploads/images; the answer's upload id is handed to
// Reflex through the uploader's hidden form (its submit event carries the field upload_id).
//
// Every request carries the signed-in user's access token (localStorage "token"); when the server says it ran
// out (401), the refresh token (localStorage "refresh") renews it once and the request is tried again.
(() => {
  if (window.naijaLearnStudioUpload) return;
  window.naijaLearnStudioUpload = true;

  const MB = 1024 * 1024;
  // Pauses before each retry of a failed request: a phone that lost signal gets about two and a half minutes.
  const RETRY_DELAYS = [1000, 3000, 5000, 10000, 20000, 30000, 60000];
  const TOKEN_RETRIES = 2; // 401s in a row that renew the token and retry before the upload stops
  const POLL_MS = 2000;
  const VIDEO_TYPES = ["mp4", "webm", "mov"];
  const uploads = new WeakMap(); // uploader root -> its state

  // --- words -------------------------------------------------------------------------------------------------
  // "12.5 MB of 40.0 MB"; a file under a megabyte in KB, where "0.0 MB of 0.3 MB" would say nothing.
  const amount = (bytes, total) => (total < MB ? `${Math.round(bytes / 1024)} KB` : `${(bytes / MB).toFixed(1)} MB`);
  const speedText = (perSecond) =>
    perSecond >= MB ? `${(perSecond / MB).toFixed(1)} MB/s` : `${Math.max(1, Math.round(perSecond / 1024))} KB/s`;
  function timeLeftText(seconds) {
    if (!isFinite(seconds)) return "";
    if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s left`;
    if (seconds < 3600) return `${Math.round(seconds / 60)} min left`;
    const hours = Math.floor(seconds / 3600);
    return `${hours} h ${Math.round((seconds - hours * 3600) / 60)} min left`;
  }
  const limitText = (bytes) => (bytes >= 1024 * MB ? `${+(bytes / 1024 / MB).toFixed(2)} GB` : `${+(bytes / MB).toFixed(1)} MB`);

  // --- the signed-in user's tokens -----------------------------------------------------------------------------
  const token = () => localStorage.getItem("token") || "";
  let renewing = null;
  function renewToken() {
    // One renewal at a time, however many requests were refused together.
    if (!renewing) {
      renewing = fetch("/api/auth/refresh", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ refreshToken: localStorage.getItem("refresh") || "" }),
      })
        .then((answer) => (answer.ok ? answer.json() : null))
        .then((body) => {
          if (body && body.token) localStorage.setItem("token", body.token);
          return !!(body && body.token);
        })
        .catch(() => false)
        .finally(() => setTimeout(() => (renewing = null), 10000));
    }
    return renewing;
  }

  async function fetchSignedIn(url, options = {}) {
    const send = () => fetch(url, { ...options, headers: { ...(options.headers || {}), Authorization: `Bearer ${token()}` } });
    let answer = await send();
    if (answer.status === 401 && (await renewToken())) answer = await send();
    return answer;
  }

  async function messageOf(answer, fallback) {
    try {
      const body = await answer.json();
      return body.message || body.detail || fallback;
    } catch (_) {
      return fallback;
    }
  }

  // --- loading tus-js-client once ------------------------------------------------------------------------------
  let tusLoading = null;
  function loadTus(src) {
    if (window.tus) return Promise.resolve(window.tus);
    if (!tusLoading) {
      tusLoading = new Promise((resolve, reject) => {
        const script = Object.assign(document.createElement("script"), { src, async: true });
        script.onload = () => resolve(window.tus);
        script.onerror = () => {
          tusLoading = null;
          reject(new Error("load"));
        };
        document.head.appendChild(script);
      });
    }
    return tusLoading;
  }

  // --- one video uploader ----------------------------------------------------------------------------------------
  const part = (root, name) => root.querySelector(`[data-upload-${name}]`);

  function show(root, { text, error, percent, paused, running }) {
    const panel = part(root, "panel");
    if (panel) panel.hidden = false;
    if (text !== undefined) part(root, "text").textContent = text;
    if (error !== undefined) part(root, "error").textContent = error;
    if (percent !== undefined) {
      const bar = part(root, "progress");
      bar.setAttribute("aria-valuenow", String(Math.round(percent)));
      bar.setAttribute("aria-valuetext", `${Math.round(percent)}%`);
      part(root, "bar").style.width = `${percent}%`;
    }
    if (running !== undefined) part(root, "pause").hidden = !running;
    if (paused !== undefined) part(root, "resume").hidden = !paused;
  }

  function progressText(state, sent, total) {
    // Speed over the last few seconds: a phone's connection changes too fast for an average since the start.
    const now = performance.now();
    state.samples.push([now, sent]);
    while (state.samples.length > 2 && now - state.samples[0][0] > 8000) state.samples.shift();
    const [then, before] = state.samples[0];
    const perSecond = now > then ? ((sent - before) * 1000) / (now - then) : 0;
    const parts = [`${amount(sent, total)} of ${amount(total, total)}`];
    if (perSecond > 0 && sent < total) parts.push(speedText(perSecond), timeLeftText((total - sent) / perSecond));
    return parts.join(" · ");
  }

  function checkFile(root, file) {
    const ext = (file.name.split(".").pop() || "").toLowerCase();
    if (!VIDEO_TYPES.includes(ext)) return "Please choose an MP4, WebM or MOV video file.";
    const limit = Number(root.dataset.maxBytes || 0);
    if (limit && file.size > limit) return `The video must be ${limitText(limit)} or smaller.`;
    if (!file.size) return "The file is empty.";
    return "";
  }

  async function errorText(error) {
    const response = error && error.originalResponse;
    if (!response) return "The connection dropped. Press Resume to carry on from where it stopped.";
    const status = response.getStatus();
    if (status === 401) return "Your sign-in has ended. Please log in again, then choose the file again to resume.";
    try {
      const body = JSON.parse(response.getBody() || "{}");
      if (body.message || body.detail) return body.message || body.detail;
    } catch (_) {
      /* not JSON: a proxy's page */
    }
    return status >= 500 ? "The server could not take the video just now. Press Resume to try again." : "The upload was refused.";
  }

  async function waitUntilChecked(root, state, uploadId) {
    show(root, { text: "Upload complete. Checking the video…", running: false, paused: false, percent: 100 });
    for (;;) {
      if (!root.isConnected) return;
      let answer;
      try {
        answer = await fetchSignedIn(`${root.dataset.statusUrl}${encodeURIComponent(uploadId)}`);
      } catch (_) {
        answer = null; // offline for a moment: ask again
      }
      if (answer && answer.ok) {
        const status = await answer.json();
        if (status.status === "ready") {
          show(root, { text: "Video ready." });
          break;
        }
        if (status.status === "rejected") {
          show(root, { text: "", error: status.error || "This file is not a playable video." });
          break;
        }
      } else if (answer && answer.status !== 401) {
        show(root, { error: await messageOf(answer, "Could not check the upload.") });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    state.upload = null;
    const done = part(root, "done");
    if (done) done.click(); // the editor's event: reload the lesson (ready, or the rejection's words)
  }

  async function startVideo(root, file) {
    const problem = checkFile(root, file);
    if (problem) {
      show(root, { error: problem, text: "", running: false, paused: false });
      return;
    }
    const previous = uploads.get(root);
    if (previous && previous.upload) previous.upload.abort();
    show(root, { error: "", text: "Preparing the upload…", percent: 0, running: false, paused: false });
    let tus;
    try {
      tus = await loadTus(root.dataset.tusScript);
    } catch (_) {
      show(root, { error: "The uploader could not load. Check your connection and choose the file again.", text: "" });
      return;
    }
    const sectionId = root.dataset.sectionId;
    const state = { samples: [], upload: null, refused: 0 };
    uploads.set(root, state);
    const upload = new tus.Upload(file, {
      endpoint: root.dataset.endpoint,
      chunkSize: Number(root.dataset.chunkSize) || MB,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, filetype: file.type || "", sectionId: String(sectionId) },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // The same file for the same lesson resumes; the same file for another lesson is a new upload.
      fingerprint: (f) =>
        Promise.resolve(["naija-learn-video", sectionId, f.name, f.type, f.size, f.lastModified].join("/")),
      onBeforeRequest: (request) => request.setHeader("Authorization", `Bearer ${token()}`),
      onShouldRetry: (error) => {
        const status = error.originalResponse ? error.originalResponse.getStatus() : 0;
        if (status === 401 && state.refused < TOKEN_RETRIES) {
          // The access token ran out mid-upload: renew it during the pause before the retry.
          state.refused += 1;
          renewToken();
          return true;
        }
        // tus-js-client's default: retry what is not a client error (except 409 and 423, which are races).
        return !(status >= 400 && status < 500 && status !== 409 && status !== 423);
      },
      onProgress: (sent, total) => {
        show(root, { percent: total ? (sent * 100) / total : 0, text: progressText(state, sent, total) });
      },
      onChunkComplete: () => {
        state.refused = 0;
      },
      onError: async (error) => {
        show(root, { error: await errorText(error), running: false, paused: true });
      },
      onSuccess: () => {
        const uploadId = (upload.url || "").split("/").pop();
        waitUntilChecked(root, state, uploadId);
      },
    });
    state.upload = upload;
    const earlier = await upload.findPreviousUploads();
    if (earlier.length) {
      upload.resumeFromPreviousUpload(earlier[0]);
      show(root, { text: "Resuming where the last upload of this file stopped…" });
    }
    upload.start();
    show(root, { running: true, paused: false });
  }

  // --- one image uploader ------------------------------------------------------------------------------------------
  async function startImage(root, file) {
    const error = root.querySelector("[data-image-error]");
    const text = root.querySelector("[data-image-text]");
    const limit = Number(root.dataset.maxBytes || 0);
    error.textContent = "";
    if (limit && file.size > limit) {
      error.textContent = `The image must be ${limitText(limit)} or smaller.`;
      return;
    }
    text.textContent = "Uploading the image…";
    const form = new FormData();
    form.append("file", file, file.name);
    let answer;
    try {
      answer = await fetchSignedIn(root.dataset.endpoint, { method: "POST", body: form });
    } catch (_) {
      text.textContent = "";
      error.textContent = "The connection dropped. Please choose the image again.";
      return;
    }
    if (!answer.ok) {
      text.textContent = "";
      error.textContent = await messageOf(answer, "The image was refused.");
      return;
    }
    const body = await answer.json();
    text.textContent = "Image uploaded.";
    const handoff = root.querySelector("form[data-image-form]");
    handoff.elements.upload_id.value = body.id;
    handoff.requestSubmit();
  }

  // --- wiring: one set of listeners for every uploader, including those React draws later ---------------------
  document.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== "file" || !input.files || !input.files[0]) return;
    const video = input.closest("[data-video-uploader]");
    if (video && input.hasAttribute("data-upload-input")) {
      startVideo(video, input.files[0]);
      return;
    }
    const image = input.closest("[data-image-uploader]");
    if (image && input.hasAttribute("data-image-input")) startImage(image, input.files[0]);
  });

  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-upload-pause], [data-upload-resume]") : null;
    if (!button) return;
    const root = button.closest("[data-video-uploader]");
    const state = root && uploads.get(root);
    if (!state || !state.upload) return;
    if (button.hasAttribute("data-upload-pause")) {
      state.upload.abort(); // keeps what the server holds; Resume continues from there
      show(root, { running: false, paused: true, text: `${part(root, "text").textContent.split(" · ")[0]} · paused` });
    } else {
      show(root, { error: "", running: true, paused: false });
      state.samples = [];
      state.refused = 0;
      state.upload.start();
    }
  });
})();
