// The course listing's controls (sort, filters, pages), entirely in the browser: choosing one opens the view's URL
// with React Router (a history entry of its own, so Back returns to the last view), then clicks the page's hidden
// "show" button, whose one event reads that URL and answers with the view (ListingState.load). No message goes to
// the server to work out the URL first, and the route change's own on_load is skipped: Reflex would send three
// events for it (on_load_internal, the load, then the hydrated flag) where one does (issue 14). Back, Forward, a
// reload or a shared link are ordinary route changes, whose on_load shows that entry's view.
//
// go({key: value}, scroll): value "" / null / false / the default drops the key; a filter or sort change goes
// back to page 1; the scroll stays where the learner is (preventScrollReset), or with scroll the results column
// comes into view (a page change). The server reads and checks every value again (domain/listing.py).
(() => {
  if (window.naijaLearnListing) return;
  const DEFAULTS = { sort: "relevance", page: "1" };
  const RESULTS_ID = "results";
  const SHOW_ID = "listing-show";

  function go(changes, scroll) {
    const router = window.__reactRouterDataRouter;
    const url = new URL(window.location.href);
    const params = url.searchParams;
    if (!("page" in changes)) params.delete("page");
    for (const [key, raw] of Object.entries(changes)) {
      const value = raw === null || raw === undefined || raw === false ? "" : String(raw).trim();
      if (value === "" || DEFAULTS[key] === value) params.delete(key);
      else params.set(key, value);
    }
    const target = url.pathname + (params.toString() ? `?${params}` : "");
    const show = document.getElementById(SHOW_ID);
    if (target === window.location.pathname + window.location.search) {
      // Already there (the current page's number): nothing to load.
    } else if (show && router) {
      // Reflex sends no on_load for a navigation whose state says fromNotFound (its 404 page's own redirect). The
      // mark is taken off the entry at once, so coming back to it later is a route change with its on_load.
      router.navigate(target, { preventScrollReset: true, state: { fromNotFound: true } }).then(() => {
        window.history.replaceState({ ...window.history.state, usr: null }, "");
        showOnceLoaded(show);
      });
    } else if (router) router.navigate(target, { preventScrollReset: true });
    else window.location.assign(target); // before the page's scripts have run
    if (scroll) document.getElementById(RESULTS_ID)?.scrollIntoView({ block: "start" });
  }

  // The show button is disabled while the page's own first load is on its way (Reflex's is_hydrated). A view
  // chosen meanwhile is asked for once that load has answered, so it is the newer of the two on the server too:
  // the websocket's hydrate queues the page's load behind any event sent while it runs, with the address the page
  // opened at, and that older view would otherwise be drawn last. One click suffices however many choices were
  // made while waiting: the event carries the address bar's URL (Reflex reads the live location).
  let waiting = null; // { button, observer } while a view waits for the page's load
  function showOnceLoaded(show) {
    if (waiting?.button === show) return;
    waiting?.observer.disconnect(); // a button the page no longer shows
    waiting = null;
    if (!show.disabled) {
      show.click();
      return;
    }
    const observer = new MutationObserver(() => {
      if (show.disabled) return;
      observer.disconnect();
      waiting = null;
      show.click();
    });
    observer.observe(show, { attributes: true, attributeFilter: ["disabled"] });
    waiting = { button: show, observer };
  }

  function clear() {
    go({ category: "", rating: "", chapters: "", min_price: "", max_price: "", level: "", language: "",
         duration: "", free: "" });
  }

  window.naijaLearnListing = { go, clear };
})();
