// Lighthouse on a page only a signed-in learner sees (the course player).
//
// The browser first opens an address of the app (/api/health) and stores the learner's session the way the app
// keeps it (localStorage: token, refresh, user), and its cache is emptied; Lighthouse then loads the page in that
// browser with its default mobile preset, leaving storage as it is (disableStorageReset). Run from bench/.tools (bench/perf.py copies this file
// there) so that `lighthouse` and `puppeteer-core` resolve from its node_modules.
//
// usage: node lighthouse_signed_in.mjs URL STORAGE_JSON OUT_JSON   (CHROME_PATH names the browser)
import fs from "node:fs";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

const [url, storageJson, outPath] = process.argv.slice(2);
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
try {
  const page = await browser.newPage();
  // An address of the app's origin that loads none of its pages' files (a JSON answer), so that nothing the
  // measured page needs is in the browser's cache; the cache is emptied all the same before Lighthouse runs.
  await page.goto(new URL("/api/health", url).href, { waitUntil: "domcontentloaded" });
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
  }, JSON.parse(storageJson));
  const cdp = await page.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
  const result = await lighthouse(
    url,
    { output: "json", onlyCategories: ["performance", "accessibility"], disableStorageReset: true, logLevel: "error" },
    undefined,
    page,
  );
  fs.writeFileSync(outPath, result.report);
} finally {
  await browser.close();
}
