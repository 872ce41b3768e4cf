"""Design tokens as Tailwind class strings (DESIGN.md palette): use these, never inline hex values."""

CONTAINER = "mx-auto w-full max-w-[1140px] px-4 sm:px-6"
H1 = "text-2xl sm:text-3xl font-bold text-gray-900"
H2 = "text-xl sm:text-2xl font-bold text-gray-900"
H3 = "text-lg font-semibold text-gray-900"
MUTED = "text-sm text-gray-500"
BODY = "text-gray-700"
CARD = "bg-white border border-gray-200 rounded-lg shadow-sm"
SKELETON_BAR = "rounded bg-gray-200"  # a grey line of a card that is still loading
SKELETON_CARD = f"{CARD} animate-pulse"  # a card that is still loading
LINK = "text-blue-600 hover:underline focus-visible:underline"

_BTN = (
    "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2.5 min-h-[44px] text-sm font-semibold "
    "transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 "
    "disabled:opacity-60 disabled:cursor-not-allowed cursor-pointer"
)
BTN_PRIMARY = f"{_BTN} bg-blue-600 text-white hover:bg-blue-700"
BTN_DARK = f"{_BTN} bg-slate-800 text-white hover:bg-gray-900"
BTN_OUTLINE = f"{_BTN} border border-gray-300 bg-white text-gray-900 hover:bg-gray-50"
BTN_GHOST = f"{_BTN} text-gray-700 hover:bg-gray-100"
BTN_DANGER = f"{_BTN} border border-red-200 bg-white text-red-700 hover:bg-red-50"

INPUT = (
    "block w-full rounded-md border border-gray-300 bg-white px-3 py-2.5 text-gray-900 placeholder-gray-400 "
    "focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30"
)
LABEL = "block text-sm font-medium text-gray-700 mb-1"
FIELD_ERROR = "mt-1 text-sm text-red-700"
BADGE = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold"

# Below the fold: the browser skips the box's layout and paint (and its lazy pictures) until it nears the screen;
# ``auto`` remembers the real height once drawn. For long lists and the sections after them.
OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-size:auto_420px]"
# The same for a course card: until drawn it counts as a phone's card (394 px at 390 px wide: its 16:9 picture and
# 192 px of text), so the footer sits where the drawn cards will put it (a hint of 420 put it 26 px lower per card).
OFFSCREEN_CARD = "[content-visibility:auto] [contain-intrinsic-size:auto_394px]"
# A course card's title: two lines at most, and always two lines' room (2 x 22 px, as its grey card holds), so a row
# of short titles is as tall as the grey row it replaces.
CARD_TITLE = "font-semibold text-gray-900 leading-snug line-clamp-2 min-h-[2.75rem]"
