// The course editor's safety net (marketplace/states/studio_editor.py): every edit typed in a box marked
// data-autosave is kept in this browser's localStorage until the server has answered for that very value.
//
// Reflex queues events only while it knows its websocket is down; an event sent into a connection that died
// silently (a phone changing masts) is lost with it. So the editor asks for what is still kept each time it loads
// (a page load, and every reconnect, which reruns on_load) and saves it then; the server clears a kept value once
// it has answered for it. Nothing is sent from here: the editor's own events do the saving.
(() => {
  if (window.naijaLearnStudio) return;
  const PREFIX = "naija-learn-studio-unsaved-";
  const EDITOR = /^\/studio\/courses\/(\d+)\/?$/;

  const keyOf = (courseId) => PREFIX + courseId;
  const read = (courseId) => {
    try {
      const kept = JSON.parse(window.localStorage.getItem(keyOf(courseId)) || "{}");
      return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
    } catch {
      return {};
    }
  };
  const write = (courseId, kept) => {
    try {
      if (Object.keys(kept).length) window.localStorage.setItem(keyOf(courseId), JSON.stringify(kept));
      else window.localStorage.removeItem(keyOf(courseId));
    } catch {
      // Storage full or blocked: the live save still runs; only the safety net is missing.
    }
  };

  const keep = (event) => {
    const box = event.target;
    if (!(box instanceof Element) || !box.hasAttribute("data-autosave")) return;
    const match = EDITOR.exec(window.location.pathname);
    if (!match) return;
    const kept = read(match[1]);
    kept[box.getAttribute("data-autosave")] = box.value;
    write(match[1], kept);
  };
  document.addEventListener("input", keep, true);
  document.addEventListener("change", keep, true);

  window.naijaLearnStudio = {
    // What is still kept for the course: {field key: value}.
    unsaved: (courseId) => read(courseId),
    // The server answered for ``value`` of ``field``: forget it, unless a newer value was typed since.
    answered: (courseId, field, value) => {
      const kept = read(courseId);
      if (field in kept && kept[field] === value) {
        delete kept[field];
        write(courseId, kept);
      }
    },
  };
})();
