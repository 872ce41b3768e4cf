"""The sandbox's hosted payment page: self-contained HTML (inline CSS, no external resources).

It must read well on a 390 px phone and with a screen reader: real buttons, a labelled form, a live status line.
"""

from __future__ import annotations

from html import escape

from marketplace.money import format_naira
from marketplace.payments.sandbox.provider import PAY_PATH
from marketplace.payments.sandbox.store import SandboxTransaction

MERCHANT = "Naija Learn"

_STYLE = """
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;
background:#F1F5F9;color:#0F172A;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:16px}
main{background:#fff;width:100%;max-width:420px;border-radius:16px;box-shadow:0 10px 30px rgba(15,23,42,.12);
padding:24px}h1{font-size:1.25rem;margin:0 0 4px}.badge{display:inline-block;background:#FEF3C7;color:#92400E;
font-size:.75rem;font-weight:600;border-radius:999px;padding:2px 10px;margin-bottom:16px}
dl{margin:0 0 20px;display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:#475569}
dd{margin:0;text-align:right;overflow-wrap:anywhere}
.amount{font-size:1.75rem;font-weight:700;margin:8px 0 20px;color:#0F172A}
form{display:grid;gap:10px}button{font:inherit;font-weight:600;border-radius:10px;padding:14px;border:2px solid
transparent;cursor:pointer;width:100%;min-height:48px}button:focus-visible{outline:3px solid #1D4ED8;outline-offset:2px}
.primary{background:#2563EB;color:#fff}.secondary{background:#fff;color:#1D4ED8;border-color:#2563EB}
.quiet{background:#F1F5F9;color:#0F172A}.danger{background:#fff;color:#B91C1C;border-color:#B91C1C}
button[disabled]{opacity:.6;cursor:progress}p{color:#475569;font-size:.875rem}
"""

_SCRIPT = (
    "document.getElementById('pay').addEventListener('submit',function(){"
    "setTimeout(function(){document.querySelectorAll('button').forEach(function(b){b.disabled=true});},0);"
    "document.getElementById('status').textContent='Processing…';});"
)


def _document(title: str, body: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>{body}</body></html>"
    )


def payment_page(tx: SandboxTransaction) -> str:
    """The page where the learner chooses how the sandbox payment ends."""
    amount = escape(format_naira(tx.amount_kobo))
    action = escape(f"{PAY_PATH}{tx.tx_ref}")
    body = f"""<main aria-labelledby="title">
<h1 id="title">Pay {escape(MERCHANT)}</h1>
<span class="badge">Sandbox: no real money moves</span>
<p class="amount">{amount}</p>
<dl><dt>Merchant</dt><dd>{escape(MERCHANT)}</dd><dt>Email</dt><dd>{escape(tx.email)}</dd>
<dt>Reference</dt><dd>{escape(tx.tx_ref)}</dd></dl>
<form id="pay" method="post" action="{action}" aria-label="Choose how to pay">
<button class="primary" type="submit" name="action" value="card">Pay by card</button>
<button class="secondary" type="submit" name="action" value="transfer">Pay by bank transfer</button>
<button class="quiet" type="submit" name="action" value="cancel">Cancel</button>
<button class="danger" type="submit" name="action" value="decline">Decline</button>
</form>
<p id="status" role="status" aria-live="polite"></p>
</main><script>{_SCRIPT}</script>"""
    return _document(f"Pay {format_naira(tx.amount_kobo)} to {MERCHANT}", body)


def closed_page(message: str) -> str:
    """A page for an unknown or already finished payment."""
    body = (
        f'<main aria-labelledby="title"><h1 id="title">{escape(MERCHANT)} payment</h1><p>{escape(message)}</p></main>'
    )
    return _document(f"{MERCHANT} payment", body)
