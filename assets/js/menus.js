// The header's menus (the avatar menu, the phone menu), entirely in the browser: a menu opens the moment it is
// pressed, even on a slow network, with no message to the server.
//
// Markup (marketplace/components/header.py): an element with data-menu holds a <button data-menu-button
// aria-expanded aria-controls=ID> and the panel with that id, rendered `hidden`. The panel is a disclosure
// list of links (WAI-ARIA "disclosure navigation"), so Tab walks it; the arrow keys, Home and End walk it too.
// A menu closes on a click or tap outside it, on Escape (focus goes back to its button), when focus leaves it,
// and when one of its links or buttons is chosen. One set of listeners on the document serves every menu,
// including those React draws after this file ran (the signed-in header appears after hydration).
(() => {
  if (window.naijaLearnMenus) return;
  window.naijaLearnMenus = true;

  const BUTTON = "[data-menu-button]";
  const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select, textarea";

  const menuOf = (node) => (node instanceof Element ? node.closest("[data-menu]") : null);
  const buttonOf = (menu) => menu && menu.querySelector(BUTTON);
  const panelOf = (button) => button && document.getElementById(button.getAttribute("aria-controls"));
  const isOpen = (button) => !!button && button.getAttribute("aria-expanded") === "true";
  const openMenus = () => [...document.querySelectorAll("[data-menu]")].filter((menu) => isOpen(buttonOf(menu)));
  const items = (panel) =>
    [...panel.querySelectorAll(FOCUSABLE)].filter((el) => el.getClientRects().length > 0 && el.tabIndex >= 0);

  function setOpen(menu, open, returnFocus) {
    const button = buttonOf(menu);
    const panel = panelOf(button);
    if (!button || !panel) return;
    button.setAttribute("aria-expanded", open ? "true" : "false");
    panel.hidden = !open;
    if (!open && returnFocus) button.focus();
  }

  function closeOthers(keep) {
    for (const menu of openMenus()) if (menu !== keep) setOpen(menu, false, false);
  }

  function focusItem(panel, which) {
    const list = items(panel);
    if (!list.length) return;
    const at = list.indexOf(document.activeElement);
    const index =
      which === "first" ? 0 : which === "last" ? list.length - 1 : (at + (which === "next" ? 1 : -1) + list.length) % list.length;
    list[index].focus();
  }

  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest(BUTTON) : null;
    const menu = menuOf(event.target);
    if (button) {
      const open = !isOpen(button);
      closeOthers(menu);
      setOpen(menu, open, false);
      return;
    }
    // A link or button chosen inside an open panel (a page link, Logout): the menu has done its job.
    const chosen = event.target instanceof Element ? event.target.closest("a[href], button") : null;
    if (menu && chosen && isOpen(buttonOf(menu)) && panelOf(buttonOf(menu)).contains(chosen)) setOpen(menu, false, false);
  });

  // Outside a menu: pointerdown rather than click, so the menu is gone before whatever was pressed reacts.
  document.addEventListener(
    "pointerdown",
    (event) => {
      for (const menu of openMenus()) if (!menu.contains(event.target)) setOpen(menu, false, false);
    },
    true,
  );

  // Focus leaving a menu (Tab past its last link, a click elsewhere): close it. The check waits a tick for the
  // new focus; a window that merely lost focus (another app) keeps its active element, so the menu stays.
  document.addEventListener("focusout", (event) => {
    const menu = menuOf(event.target);
    if (!menu || !isOpen(buttonOf(menu))) return;
    if (event.relatedTarget instanceof Node && menu.contains(event.relatedTarget)) return;
    setTimeout(() => {
      if (isOpen(buttonOf(menu)) && !menu.contains(document.activeElement)) {
        setOpen(menu, false, false);
      }
    }, 0);
  });

  document.addEventListener("keydown", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.key === "Escape") {
      // The search box in the phone menu closes its own results first.
      if (target && target.getAttribute("role") === "combobox" && target.getAttribute("aria-expanded") === "true") return;
      const open = openMenus();
      if (!open.length) return;
      const here = menuOf(target);
      for (const menu of open) setOpen(menu, false, menu === here || open.length === 1);
      event.preventDefault();
      return;
    }
    const menu = menuOf(target);
    if (!menu || !target || target.matches("input, textarea, select")) return;
    const button = buttonOf(menu);
    const panel = panelOf(button);
    if (!panel) return;
    const moves = { ArrowDown: "next", ArrowUp: "previous", Home: "first", End: "last" };
    if (target === button) {
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      closeOthers(menu);
      setOpen(menu, true, false);
      focusItem(panel, event.key === "ArrowDown" ? "first" : "last");
      event.preventDefault();
    } else if (panel.contains(target) && moves[event.key]) {
      focusItem(panel, moves[event.key]);
      event.preventDefault();
    }
  });
})();
