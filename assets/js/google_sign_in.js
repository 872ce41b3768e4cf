// "Sign in with Google" on /login and /register, when the app's Google issuer is Google itself.
// GoogleState.prepare loads this file (served by the app) and calls naijaLearnGoogleButton(clientId, text):
// it loads Google Identity Services once, renders Google's own button into #google-button, and hands the ID
// token Google answers with (its "credential") to the hidden form #google-credential-form, whose submit
// event signs the person in on the server (GoogleState.sign_in_with_credential), which verifies the token.
(() => {
  const GIS_SCRIPT_URL = "https://accounts.google.com/gsi/client";

  const render = (clientId, text) => {
    const slot = document.getElementById("google-button");
    const gis = window.google && window.google.accounts && window.google.accounts.id;
    if (!slot || !gis) return false;
    gis.initialize({
      client_id: clientId,
      callback: (answer) => {
        const form = document.getElementById("google-credential-form");
        form.elements.credential.value = answer.credential;
        form.requestSubmit();
      },
    });
    slot.replaceChildren();
    gis.renderButton(slot, {
      theme: "outline",
      size: "large",
      text: text,
      width: Math.min(slot.offsetWidth || 320, 400),
    });
    return true;
  };

  // The page may still be drawing the slot, or Google's script still starting: try for five seconds.
  const renderSoon = (clientId, text, tries) => {
    if (!render(clientId, text) && tries > 0) setTimeout(() => renderSoon(clientId, text, tries - 1), 100);
  };

  window.naijaLearnGoogleButton = (clientId, text) => {
    if (document.getElementById("gsi-client")) {
      renderSoon(clientId, text, 50);
      return;
    }
    const script = document.createElement("script");
    script.id = "gsi-client";
    script.src = GIS_SCRIPT_URL;
    script.async = true;
    script.onload = () => renderSoon(clientId, text, 50);
    document.head.appendChild(script);
  };
})();
