// The course listing's controls (sort, filters, pages), entirely in the browser: choosing one opens the view's URL
// inside the page with React Router, whose route change asks the server for that view (the page's on_load). No
// message goes to the server to work out the URL first: one round trip per change instead of two, on a phone
// network 100-300 ms each (issue 14).
//
// go({key: value}, scroll): value "" / null / false / the default drops the key; a filter or sort change goes
// back to page 1; the scroll stays where the learner is (preventScrollReset), or with scroll the results column
// comes into view (a page change). The server reads and checks every value again (domain/listing.py).
(() => {
  if (window.naijaLearnListing) return;
  const DEFAULTS = { sort: "relevance", page: "1" };
  const RESULTS_ID = "results";

  function go(changes, scroll) {
    const url = new URL(window.location.href);
    const params = url.searchParams;
    if (!("page" in changes)) params.delete("page");
    for (const [key, raw] of Object.entries(changes)) {
      const value = raw === null || raw === undefined || raw === false ? "" : String(raw).trim();
      if (value === "" || DEFAULTS[key] === value) params.delete(key);
      else params.set(key, value);
    }
    const target = url.pathname + (params.toString() ? `?${params}` : "");
    const router = window.__reactRouterDataRouter;
    if (target === window.location.pathname + window.location.search) {
      // Already there (the current page's number): nothing to load.
    } else if (router) router.navigate(target, { preventScrollReset: true });
    else window.location.assign(target);
    if (scroll) document.getElementById(RESULTS_ID)?.scrollIntoView({ block: "start" });
  }

  function clear() {
    go({ category: "", rating: "", chapters: "", min_price: "", max_price: "", level: "", language: "",
         duration: "", free: "" });
  }

  window.naijaLearnListing = { go, clear };
})();
