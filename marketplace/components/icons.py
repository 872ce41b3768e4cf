# ruff: noqa: E501  (the drawings are lucide's path data, kept on one line each)
"""Lucide icons as inline SVG (the drawings of lucide-react 1.26.0, ISC licence, copied by name).

``rx.icon`` imports each icon from lucide-react as its own module: Vite gave every icon a chunk of its own, so a
page downloaded 10 to 20 tiny scripts (a kilobyte each, most of it headers) one round trip deeper than the page's
own code, before its icons could draw. :func:`lucide` writes the same ``<svg>`` lucide-react renders (the same
attributes and ``lucide lucide-<name>`` classes) straight into the page's markup: no script, nothing to fetch.

An icon not in :data:`ICONS` is a mistake caught when the app compiles (a ``KeyError``): add its drawing from
``lucide-react/dist/esm/icons/<name>.mjs``.
"""

from __future__ import annotations

import reflex as rx

# name -> (lucide's class name for it, the shapes it draws: (tag, attributes))
ICONS: dict[str, tuple[str, tuple[tuple[str, dict[str, str]], ...]]] = {
    "arrow-down": ("arrow-down", (("path", {"d": "M12 5v14"}), ("path", {"d": "m19 12-7 7-7-7"}))),
    "arrow-left": ("arrow-left", (("path", {"d": "m12 19-7-7 7-7"}), ("path", {"d": "M19 12H5"}))),
    "arrow-right": ("arrow-right", (("path", {"d": "M5 12h14"}), ("path", {"d": "m12 5 7 7-7 7"}))),
    "arrow-up": ("arrow-up", (("path", {"d": "m5 12 7-7 7 7"}), ("path", {"d": "M12 19V5"}))),
    "at-sign": (
        "at-sign",
        (("circle", {"cx": "12", "cy": "12", "r": "4"}), ("path", {"d": "M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-4 8"})),
    ),
    "atom": (
        "atom",
        (
            ("circle", {"cx": "12", "cy": "12", "r": "1"}),
            (
                "path",
                {
                    "d": "M20.2 20.2c2.04-2.03.02-7.36-4.5-11.9-4.54-4.52-9.87-6.54-11.9-4.5-2.04 2.03-.02 7.36 4.5 11.9 4.54 4.52 9.87 6.54 11.9 4.5Z"
                },
            ),
            (
                "path",
                {
                    "d": "M15.7 15.7c4.52-4.54 6.54-9.87 4.5-11.9-2.03-2.04-7.36-.02-11.9 4.5-4.52 4.54-6.54 9.87-4.5 11.9 2.03 2.04 7.36.02 11.9-4.5Z"
                },
            ),
        ),
    ),
    "award": (
        "award",
        (
            (
                "path",
                {
                    "d": "m15.477 12.89 1.515 8.526a.5.5 0 0 1-.81.47l-3.58-2.687a1 1 0 0 0-1.197 0l-3.586 2.686a.5.5 0 0 1-.81-.469l1.514-8.526"
                },
            ),
            ("circle", {"cx": "12", "cy": "8", "r": "6"}),
        ),
    ),
    "badge-check": (
        "badge-check",
        (
            (
                "path",
                {
                    "d": "M3.85 8.62a4 4 0 0 1 4.78-4.77 4 4 0 0 1 6.74 0 4 4 0 0 1 4.78 4.78 4 4 0 0 1 0 6.74 4 4 0 0 1-4.77 4.78 4 4 0 0 1-6.75 0 4 4 0 0 1-4.78-4.77 4 4 0 0 1 0-6.76Z"
                },
            ),
            ("path", {"d": "m9 12 2 2 4-4"}),
        ),
    ),
    "bell": (
        "bell",
        (
            ("path", {"d": "M10.268 21a2 2 0 0 0 3.464 0"}),
            (
                "path",
                {
                    "d": "M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326"
                },
            ),
        ),
    ),
    "book-open": (
        "book-open",
        (
            ("path", {"d": "M12 5v16"}),
            (
                "path",
                {
                    "d": "M20.001 19A2 2 0 0022 17V5a2 2 0 00-1.999-2L16 3.002A5 5 0 0012 5a5 5 0 00-4-2H4a2 2 0 00-2 2v12a2 2 0 001.999 2H8a5 5 0 014 2 5 5 0 014-2z"
                },
            ),
        ),
    ),
    "bookmark": (
        "bookmark",
        (
            (
                "path",
                {
                    "d": "M17 3a2 2 0 0 1 2 2v15a1 1 0 0 1-1.496.868l-4.512-2.578a2 2 0 0 0-1.984 0l-4.512 2.578A1 1 0 0 1 5 20V5a2 2 0 0 1 2-2z"
                },
            ),
        ),
    ),
    "brain": (
        "brain",
        (
            ("path", {"d": "M12 18V5"}),
            ("path", {"d": "M15 13a4.17 4.17 0 0 1-3-4 4.17 4.17 0 0 1-3 4"}),
            ("path", {"d": "M17.598 6.5A3 3 0 1 0 12 5a3 3 0 1 0-5.598 1.5"}),
            ("path", {"d": "M17.997 5.125a4 4 0 0 1 2.526 5.77"}),
            ("path", {"d": "M18 18a4 4 0 0 0 2-7.464"}),
            ("path", {"d": "M19.967 17.483A4 4 0 1 1 12 18a4 4 0 1 1-7.967-.517"}),
            ("path", {"d": "M6 18a4 4 0 0 1-2-7.464"}),
            ("path", {"d": "M6.003 5.125a4 4 0 0 0-2.526 5.77"}),
        ),
    ),
    "briefcase": (
        "briefcase",
        (
            ("path", {"d": "M16 20V4a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v16"}),
            ("rect", {"width": "20", "height": "14", "x": "2", "y": "6", "rx": "2"}),
        ),
    ),
    "calculator": (
        "calculator",
        (
            ("rect", {"width": "16", "height": "20", "x": "4", "y": "2", "rx": "2"}),
            ("line", {"x1": "8", "x2": "16", "y1": "6", "y2": "6"}),
            ("line", {"x1": "16", "x2": "16", "y1": "14", "y2": "18"}),
            ("path", {"d": "M16 10h.01"}),
            ("path", {"d": "M12 10h.01"}),
            ("path", {"d": "M8 10h.01"}),
            ("path", {"d": "M12 14h.01"}),
            ("path", {"d": "M8 14h.01"}),
            ("path", {"d": "M12 18h.01"}),
            ("path", {"d": "M8 18h.01"}),
        ),
    ),
    "camera": (
        "camera",
        (
            (
                "path",
                {
                    "d": "M13.997 4a2 2 0 0 1 1.76 1.05l.486.9A2 2 0 0 0 18.003 7H20a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h1.997a2 2 0 0 0 1.759-1.048l.489-.904A2 2 0 0 1 10.004 4z"
                },
            ),
            ("circle", {"cx": "12", "cy": "13", "r": "3"}),
        ),
    ),
    "chart-bar": (
        "chart-bar",
        (
            ("path", {"d": "M3 3v16a2 2 0 0 0 2 2h16"}),
            ("path", {"d": "M7 16h8"}),
            ("path", {"d": "M7 11h12"}),
            ("path", {"d": "M7 6h3"}),
        ),
    ),
    "check": ("check", (("path", {"d": "M20 6 9 17l-5-5"}),)),
    "chevron-left": ("chevron-left", (("path", {"d": "m15 18-6-6 6-6"}),)),
    "chevron-right": ("chevron-right", (("path", {"d": "m9 18 6-6-6-6"}),)),
    "circle": ("circle", (("circle", {"cx": "12", "cy": "12", "r": "10"}),)),
    "circle-check": (
        "circle-check",
        (("circle", {"cx": "12", "cy": "12", "r": "10"}), ("path", {"d": "m9 12 2 2 4-4"})),
    ),
    "circle-help": (
        "circle-question-mark",
        (
            ("circle", {"cx": "12", "cy": "12", "r": "10"}),
            ("path", {"d": "M9.09 9a3 3 0 0 1 5.83 1c0 2-3 3-3 3"}),
            ("path", {"d": "M12 17h.01"}),
        ),
    ),
    "circle-play": (
        "circle-play",
        (
            (
                "path",
                {"d": "M9 9.003a1 1 0 0 1 1.517-.859l4.997 2.997a1 1 0 0 1 0 1.718l-4.997 2.997A1 1 0 0 1 9 14.996z"},
            ),
            ("circle", {"cx": "12", "cy": "12", "r": "10"}),
        ),
    ),
    "circle-slash": (
        "circle-slash",
        (("circle", {"cx": "12", "cy": "12", "r": "10"}), ("line", {"x1": "9", "x2": "15", "y1": "15", "y2": "9"})),
    ),
    "circle-x": (
        "circle-x",
        (("circle", {"cx": "12", "cy": "12", "r": "10"}), ("path", {"d": "m15 9-6 6"}), ("path", {"d": "m9 9 6 6"})),
    ),
    "clock": ("clock", (("circle", {"cx": "12", "cy": "12", "r": "10"}), ("path", {"d": "M12 6v6l4 2"}))),
    "code": ("code", (("path", {"d": "m16 18 6-6-6-6"}), ("path", {"d": "m8 6-6 6 6 6"}))),
    "credit-card": (
        "credit-card",
        (
            ("rect", {"width": "20", "height": "14", "x": "2", "y": "5", "rx": "2"}),
            ("line", {"x1": "2", "x2": "22", "y1": "10", "y2": "10"}),
        ),
    ),
    "download": (
        "download",
        (
            ("path", {"d": "M12 15V3"}),
            ("path", {"d": "M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4"}),
            ("path", {"d": "m7 10 5 5 5-5"}),
        ),
    ),
    "external-link": (
        "external-link",
        (
            ("path", {"d": "M15 3h6v6"}),
            ("path", {"d": "M10 14 21 3"}),
            ("path", {"d": "M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"}),
        ),
    ),
    "eye": (
        "eye",
        (
            (
                "path",
                {
                    "d": "M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0"
                },
            ),
            ("circle", {"cx": "12", "cy": "12", "r": "3"}),
        ),
    ),
    "eye-off": (
        "eye-off",
        (
            (
                "path",
                {"d": "M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49"},
            ),
            ("path", {"d": "M14.084 14.158a3 3 0 0 1-4.242-4.242"}),
            (
                "path",
                {"d": "M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143"},
            ),
            ("path", {"d": "m2 2 20 20"}),
        ),
    ),
    "form": (
        "form",
        (
            ("path", {"d": "M4 14h6"}),
            ("path", {"d": "M4 2h10"}),
            ("rect", {"x": "4", "y": "18", "width": "16", "height": "4", "rx": "1"}),
            ("rect", {"x": "4", "y": "6", "width": "16", "height": "4", "rx": "1"}),
        ),
    ),
    "frame": (
        "frame",
        (
            ("line", {"x1": "22", "x2": "2", "y1": "6", "y2": "6"}),
            ("line", {"x1": "22", "x2": "2", "y1": "18", "y2": "18"}),
            ("line", {"x1": "6", "x2": "6", "y1": "2", "y2": "22"}),
            ("line", {"x1": "18", "x2": "18", "y1": "2", "y2": "22"}),
        ),
    ),
    "globe": (
        "globe",
        (
            ("circle", {"cx": "12", "cy": "12", "r": "10"}),
            ("path", {"d": "M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20"}),
            ("path", {"d": "M2 12h20"}),
        ),
    ),
    "graduation-cap": (
        "graduation-cap",
        (
            (
                "path",
                {
                    "d": "M21.42 10.922a1 1 0 0 0-.019-1.838L12.83 5.18a2 2 0 0 0-1.66 0L2.6 9.08a1 1 0 0 0 0 1.832l8.57 3.908a2 2 0 0 0 1.66 0z"
                },
            ),
            ("path", {"d": "M22 10v6"}),
            ("path", {"d": "M6 12.5V16a6 3 0 0 0 12 0v-3.5"}),
        ),
    ),
    "group": (
        "group",
        (
            ("path", {"d": "M3 7V5c0-1.1.9-2 2-2h2"}),
            ("path", {"d": "M17 3h2c1.1 0 2 .9 2 2v2"}),
            ("path", {"d": "M21 17v2c0 1.1-.9 2-2 2h-2"}),
            ("path", {"d": "M7 21H5c-1.1 0-2-.9-2-2v-2"}),
            ("rect", {"width": "7", "height": "5", "x": "7", "y": "7", "rx": "1"}),
            ("rect", {"width": "7", "height": "5", "x": "10", "y": "12", "rx": "1"}),
        ),
    ),
    "heart": (
        "heart",
        (
            (
                "path",
                {
                    "d": "M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5"
                },
            ),
        ),
    ),
    "heart-pulse": (
        "heart-pulse",
        (
            (
                "path",
                {
                    "d": "M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5"
                },
            ),
            ("path", {"d": "M3.22 13H9.5l.5-1 2 4.5 2-7 1.5 3.5h5.27"}),
        ),
    ),
    "image": (
        "image",
        (
            ("rect", {"width": "18", "height": "18", "x": "3", "y": "3", "rx": "2", "ry": "2"}),
            ("circle", {"cx": "9", "cy": "9", "r": "2"}),
            ("path", {"d": "m21 15-3.086-3.086a2 2 0 0 0-2.828 0L6 21"}),
        ),
    ),
    "inbox": (
        "inbox",
        (
            ("polyline", {"points": "22 12 16 12 14 15 10 15 8 12 2 12"}),
            (
                "path",
                {
                    "d": "M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z"
                },
            ),
        ),
    ),
    "infinity": ("infinity", (("path", {"d": "M6 16c5 0 7-8 12-8a4 4 0 0 1 0 8c-5 0-7-8-12-8a4 4 0 1 0 0 8"}),)),
    "landmark": (
        "landmark",
        (
            ("path", {"d": "M10 18v-7"}),
            ("path", {"d": "M11.119 2.205a2 2 0 0 1 1.762 0l7.84 3.846A.5.5 0 0 1 20.5 7h-17a.5.5 0 0 1-.22-.949z"}),
            ("path", {"d": "M14 18v-7"}),
            ("path", {"d": "M18 18v-7"}),
            ("path", {"d": "M3 22h18"}),
            ("path", {"d": "M6 18v-7"}),
        ),
    ),
    "languages": (
        "languages",
        (
            ("path", {"d": "m5 8 6 6"}),
            ("path", {"d": "m4 14 6-6 2-3"}),
            ("path", {"d": "M2 5h12"}),
            ("path", {"d": "M7 2h1"}),
            ("path", {"d": "m22 22-5-10-5 10"}),
            ("path", {"d": "M14 18h6"}),
        ),
    ),
    "layout-list": (
        "layout-list",
        (
            ("rect", {"width": "7", "height": "7", "x": "3", "y": "3", "rx": "1"}),
            ("rect", {"width": "7", "height": "7", "x": "3", "y": "14", "rx": "1"}),
            ("path", {"d": "M14 4h7"}),
            ("path", {"d": "M14 9h7"}),
            ("path", {"d": "M14 15h7"}),
            ("path", {"d": "M14 20h7"}),
        ),
    ),
    "link": (
        "link",
        (
            ("path", {"d": "M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71"}),
            ("path", {"d": "M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71"}),
        ),
    ),
    "lock": (
        "lock",
        (
            ("rect", {"width": "18", "height": "11", "x": "3", "y": "11", "rx": "2", "ry": "2"}),
            ("path", {"d": "M7 11V7a5 5 0 0 1 10 0v4"}),
        ),
    ),
    "megaphone": (
        "megaphone",
        (
            (
                "path",
                {
                    "d": "M11 6a13 13 0 0 0 8.4-2.8A1 1 0 0 1 21 4v12a1 1 0 0 1-1.6.8A13 13 0 0 0 11 14H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z"
                },
            ),
            ("path", {"d": "M6 14a12 12 0 0 0 2.4 7.2 2 2 0 0 0 3.2-2.4A8 8 0 0 1 10 14"}),
            ("path", {"d": "M8 6v8"}),
        ),
    ),
    "menu": ("menu", (("path", {"d": "M4 5h16"}), ("path", {"d": "M4 12h16"}), ("path", {"d": "M4 19h16"}))),
    "message-circle": (
        "message-circle",
        (
            (
                "path",
                {
                    "d": "M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719"
                },
            ),
        ),
    ),
    "message-square": (
        "message-square",
        (
            (
                "path",
                {
                    "d": "M22 17a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 21.286V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2z"
                },
            ),
        ),
    ),
    "message-square-reply": (
        "message-square-reply",
        (
            (
                "path",
                {
                    "d": "M22 17a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 21.286V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2z"
                },
            ),
            ("path", {"d": "m10 8-3 3 3 3"}),
            ("path", {"d": "M17 14v-1a2 2 0 0 0-2-2H7"}),
        ),
    ),
    "monitor-smartphone": (
        "monitor-smartphone",
        (
            ("path", {"d": "M18 8V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h8"}),
            ("path", {"d": "M10 19v-3.96 3.15"}),
            ("path", {"d": "M7 19h5"}),
            ("rect", {"width": "6", "height": "10", "x": "16", "y": "12", "rx": "2"}),
        ),
    ),
    "moon-star": (
        "moon-star",
        (
            ("path", {"d": "M18 5h4"}),
            ("path", {"d": "M20 3v4"}),
            (
                "path",
                {
                    "d": "M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401"
                },
            ),
        ),
    ),
    "music": (
        "music",
        (
            ("path", {"d": "M9 18V5l12-2v13"}),
            ("circle", {"cx": "6", "cy": "18", "r": "3"}),
            ("circle", {"cx": "18", "cy": "16", "r": "3"}),
        ),
    ),
    "notebook-pen": (
        "notebook-pen",
        (
            ("path", {"d": "M13.4 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-7.4"}),
            ("path", {"d": "M2 6h4"}),
            ("path", {"d": "M2 10h4"}),
            ("path", {"d": "M2 14h4"}),
            ("path", {"d": "M2 18h4"}),
            (
                "path",
                {
                    "d": "M21.378 5.626a1 1 0 1 0-3.004-3.004l-5.01 5.012a2 2 0 0 0-.506.854l-.837 2.87a.5.5 0 0 0 .62.62l2.87-.837a2 2 0 0 0 .854-.506z"
                },
            ),
        ),
    ),
    "option": (
        "option",
        (
            ("path", {"d": "M14 3h7"}),
            ("path", {"d": "M3 3h5.28a1 1 0 0 1 .948.684l5.544 16.632a1 1 0 0 0 .949.684H21"}),
        ),
    ),
    "palette": (
        "palette",
        (
            (
                "path",
                {
                    "d": "M12 22a1 1 0 0 1 0-20 10 9 0 0 1 10 9 5 5 0 0 1-5 5h-2.25a1.75 1.75 0 0 0-1.4 2.8l.3.4a1.75 1.75 0 0 1-1.4 2.8z"
                },
            ),
            ("circle", {"cx": "13.5", "cy": "6.5", "r": ".5", "fill": "currentColor"}),
            ("circle", {"cx": "17.5", "cy": "10.5", "r": ".5", "fill": "currentColor"}),
            ("circle", {"cx": "6.5", "cy": "12.5", "r": ".5", "fill": "currentColor"}),
            ("circle", {"cx": "8.5", "cy": "7.5", "r": ".5", "fill": "currentColor"}),
        ),
    ),
    "pen-tool": (
        "pen-tool",
        (
            (
                "path",
                {
                    "d": "M15.707 21.293a1 1 0 0 1-1.414 0l-1.586-1.586a1 1 0 0 1 0-1.414l5.586-5.586a1 1 0 0 1 1.414 0l1.586 1.586a1 1 0 0 1 0 1.414z"
                },
            ),
            (
                "path",
                {
                    "d": "m18 13-1.375-6.874a1 1 0 0 0-.746-.776L3.235 2.028a1 1 0 0 0-1.207 1.207L5.35 15.879a1 1 0 0 0 .776.746L13 18"
                },
            ),
            ("path", {"d": "m2.3 2.3 7.286 7.286"}),
            ("circle", {"cx": "11", "cy": "11", "r": "2"}),
        ),
    ),
    "pencil": (
        "pencil",
        (
            (
                "path",
                {
                    "d": "M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z"
                },
            ),
            ("path", {"d": "m15 5 4 4"}),
        ),
    ),
    "percent": (
        "percent",
        (
            ("line", {"x1": "19", "x2": "5", "y1": "5", "y2": "19"}),
            ("circle", {"cx": "6.5", "cy": "6.5", "r": "2.5"}),
            ("circle", {"cx": "17.5", "cy": "17.5", "r": "2.5"}),
        ),
    ),
    "phone": (
        "phone",
        (
            (
                "path",
                {
                    "d": "M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384"
                },
            ),
        ),
    ),
    "play": (
        "play",
        (("path", {"d": "M5 5a2 2 0 0 1 3.008-1.728l11.997 6.998a2 2 0 0 1 .003 3.458l-12 7A2 2 0 0 1 5 19z"}),),
    ),
    "plus": ("plus", (("path", {"d": "M5 12h14"}), ("path", {"d": "M12 5v14"}))),
    "presentation": (
        "presentation",
        (
            ("path", {"d": "M2 3h20"}),
            ("path", {"d": "M21 3v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V3"}),
            ("path", {"d": "m7 21 5-5 5 5"}),
        ),
    ),
    "printer": (
        "printer",
        (
            ("path", {"d": "M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2"}),
            ("path", {"d": "M6 9V3a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v6"}),
            ("rect", {"x": "6", "y": "14", "width": "12", "height": "8", "rx": "1"}),
        ),
    ),
    "radio": (
        "radio",
        (
            ("path", {"d": "M16.247 7.761a6 6 0 0 1 0 8.478"}),
            ("path", {"d": "M19.075 4.933a10 10 0 0 1 0 14.134"}),
            ("path", {"d": "M4.925 19.067a10 10 0 0 1 0-14.134"}),
            ("path", {"d": "M7.753 16.239a6 6 0 0 1 0-8.478"}),
            ("circle", {"cx": "12", "cy": "12", "r": "2"}),
        ),
    ),
    "receipt": (
        "receipt",
        (
            ("path", {"d": "M12 17V7"}),
            ("path", {"d": "M16 8h-6a2 2 0 0 0 0 4h4a2 2 0 0 1 0 4H8"}),
            (
                "path",
                {
                    "d": "M4 3a1 1 0 0 1 1-1 1.3 1.3 0 0 1 .7.2l.933.6a1.3 1.3 0 0 0 1.4 0l.934-.6a1.3 1.3 0 0 1 1.4 0l.933.6a1.3 1.3 0 0 0 1.4 0l.933-.6a1.3 1.3 0 0 1 1.4 0l.934.6a1.3 1.3 0 0 0 1.4 0l.933-.6A1.3 1.3 0 0 1 19 2a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1 1.3 1.3 0 0 1-.7-.2l-.933-.6a1.3 1.3 0 0 0-1.4 0l-.934.6a1.3 1.3 0 0 1-1.4 0l-.933-.6a1.3 1.3 0 0 0-1.4 0l-.933.6a1.3 1.3 0 0 1-1.4 0l-.934-.6a1.3 1.3 0 0 0-1.4 0l-.933.6a1.3 1.3 0 0 1-.7.2 1 1 0 0 1-1-1z"
                },
            ),
        ),
    ),
    "reply": ("reply", (("path", {"d": "M20 18v-2a4 4 0 0 0-4-4H4"}), ("path", {"d": "m9 17-5-5 5-5"}))),
    "search": ("search", (("path", {"d": "m21 21-4.34-4.34"}), ("circle", {"cx": "11", "cy": "11", "r": "8"}))),
    "search-x": (
        "search-x",
        (
            ("path", {"d": "m13.5 8.5-5 5"}),
            ("path", {"d": "m8.5 8.5 5 5"}),
            ("circle", {"cx": "11", "cy": "11", "r": "8"}),
            ("path", {"d": "m21 21-4.3-4.3"}),
        ),
    ),
    "send": (
        "send",
        (
            (
                "path",
                {
                    "d": "M14.536 21.686a.5.5 0 0 0 .937-.024l6.5-19a.496.496 0 0 0-.635-.635l-19 6.5a.5.5 0 0 0-.024.937l7.93 3.18a2 2 0 0 1 1.112 1.11z"
                },
            ),
            ("path", {"d": "m21.854 2.147-10.94 10.939"}),
        ),
    ),
    "shopping-cart": (
        "shopping-cart",
        (
            ("circle", {"cx": "8", "cy": "21", "r": "1"}),
            ("circle", {"cx": "19", "cy": "21", "r": "1"}),
            ("path", {"d": "M2.05 2.05h2l2.66 12.42a2 2 0 0 0 2 1.58h9.78a2 2 0 0 0 1.95-1.57l1.65-7.43H5.12"}),
        ),
    ),
    "signal": (
        "signal",
        (
            ("path", {"d": "M2 20h.01"}),
            ("path", {"d": "M7 20v-4"}),
            ("path", {"d": "M12 20v-8"}),
            ("path", {"d": "M17 20V8"}),
            ("path", {"d": "M22 4v16"}),
        ),
    ),
    "sliders-horizontal": (
        "sliders-horizontal",
        (
            ("path", {"d": "M10 5H3"}),
            ("path", {"d": "M12 19H3"}),
            ("path", {"d": "M14 3v4"}),
            ("path", {"d": "M16 17v4"}),
            ("path", {"d": "M21 12h-9"}),
            ("path", {"d": "M21 19h-5"}),
            ("path", {"d": "M21 5h-7"}),
            ("path", {"d": "M8 10v4"}),
            ("path", {"d": "M8 12H3"}),
        ),
    ),
    "star": (
        "star",
        (
            (
                "path",
                {
                    "d": "M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z"
                },
            ),
        ),
    ),
    "star-half": (
        "star-half",
        (
            (
                "path",
                {
                    "d": "M12 18.338a2.1 2.1 0 0 0-.987.244L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.12 2.12 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.12 2.12 0 0 0 1.597-1.16l2.309-4.679A.53.53 0 0 1 12 2"
                },
            ),
        ),
    ),
    "tag": (
        "tag",
        (
            (
                "path",
                {
                    "d": "M12.586 2.586A2 2 0 0 0 11.172 2H4a2 2 0 0 0-2 2v7.172a2 2 0 0 0 .586 1.414l8.704 8.704a2.426 2.426 0 0 0 3.42 0l6.58-6.58a2.426 2.426 0 0 0 0-3.42z"
                },
            ),
            ("circle", {"cx": "7.5", "cy": "7.5", "r": ".5", "fill": "currentColor"}),
        ),
    ),
    "target": (
        "target",
        (
            ("circle", {"cx": "12", "cy": "12", "r": "10"}),
            ("circle", {"cx": "12", "cy": "12", "r": "6"}),
            ("circle", {"cx": "12", "cy": "12", "r": "2"}),
        ),
    ),
    "text": (
        "text-align-start",
        (("path", {"d": "M21 5H3"}), ("path", {"d": "M15 12H3"}), ("path", {"d": "M17 19H3"})),
    ),
    "thumbs-up": (
        "thumbs-up",
        (
            (
                "path",
                {
                    "d": "M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z"
                },
            ),
            ("path", {"d": "M7 10v12"}),
        ),
    ),
    "trash-2": (
        "trash-2",
        (
            ("path", {"d": "M10 11v6"}),
            ("path", {"d": "M14 11v6"}),
            ("path", {"d": "M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6"}),
            ("path", {"d": "M3 6h18"}),
            ("path", {"d": "M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2"}),
        ),
    ),
    "triangle-alert": (
        "triangle-alert",
        (
            ("path", {"d": "m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3"}),
            ("path", {"d": "M12 9v4"}),
            ("path", {"d": "M12 17h.01"}),
        ),
    ),
    "upload": (
        "upload",
        (
            ("path", {"d": "M12 3v12"}),
            ("path", {"d": "m17 8-5-5-5 5"}),
            ("path", {"d": "M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4"}),
        ),
    ),
    "user": (
        "user",
        (("path", {"d": "M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2"}), ("circle", {"cx": "12", "cy": "7", "r": "4"})),
    ),
    "user-check": (
        "user-check",
        (
            ("path", {"d": "m16 11 2 2 4-4"}),
            ("path", {"d": "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"}),
            ("circle", {"cx": "9", "cy": "7", "r": "4"}),
        ),
    ),
    "user-x": (
        "user-x",
        (
            ("path", {"d": "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"}),
            ("circle", {"cx": "9", "cy": "7", "r": "4"}),
            ("line", {"x1": "17", "x2": "22", "y1": "8", "y2": "13"}),
            ("line", {"x1": "22", "x2": "17", "y1": "8", "y2": "13"}),
        ),
    ),
    "users": (
        "users",
        (
            ("path", {"d": "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"}),
            ("path", {"d": "M16 3.128a4 4 0 0 1 0 7.744"}),
            ("path", {"d": "M22 21v-2a4 4 0 0 0-3-3.87"}),
            ("circle", {"cx": "9", "cy": "7", "r": "4"}),
        ),
    ),
    "video-off": (
        "video-off",
        (
            ("path", {"d": "M10.66 6H14a2 2 0 0 1 2 2v2.5l5.248-3.062A.5.5 0 0 1 22 7.87v8.196"}),
            ("path", {"d": "M16 16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h2"}),
            ("path", {"d": "m2 2 20 20"}),
        ),
    ),
    "wallet": (
        "wallet",
        (
            (
                "path",
                {
                    "d": "M19 7V4a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2a1 1 0 0 0-1-1"
                },
            ),
            ("path", {"d": "M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4"}),
        ),
    ),
    "wifi-off": (
        "wifi-off",
        (
            ("path", {"d": "M12 20h.01"}),
            ("path", {"d": "M8.5 16.429a5 5 0 0 1 7 0"}),
            ("path", {"d": "M5 12.859a10 10 0 0 1 5.17-2.69"}),
            ("path", {"d": "M19 12.859a10 10 0 0 0-2.007-1.523"}),
            ("path", {"d": "M2 8.82a15 15 0 0 1 4.177-2.643"}),
            ("path", {"d": "M22 8.82a15 15 0 0 0-11.288-3.764"}),
            ("path", {"d": "m2 2 20 20"}),
        ),
    ),
    "x": ("x", (("path", {"d": "M18 6 6 18"}), ("path", {"d": "m6 6 12 12"}))),
}

_SHAPES = {
    "path": rx.el.svg.path,
    "circle": rx.el.svg.circle,
    "line": rx.el.svg.line,
    "polyline": rx.el.svg.polyline,
    "rect": rx.el.svg.rect,
}


def lucide(name: str, size: int = 24, class_name: str | rx.Var = "", **props) -> rx.Component:
    """The lucide icon ``name`` as an inline ``<svg>``, ``size`` px square; hidden from screen readers unless
    given a label (as lucide-react does)."""
    key = name.replace("_", "-")
    lucide_name, shapes = ICONS[key]
    base = f"lucide lucide-{lucide_name}"
    if isinstance(class_name, rx.Var):
        classes = rx.Var.create(base + " ") + class_name
    else:
        classes = f"{base} {class_name}".strip()
    attrs = {
        "xmlns": "http://www.w3.org/2000/svg",
        "width": str(size),
        "height": str(size),
        "viewBox": "0 0 24 24",
        "fill": "none",
        "stroke": "currentColor",
        "strokeWidth": "2",
        "strokeLinecap": "round",
        "strokeLinejoin": "round",
    }
    if not any(k.startswith("aria_") or k in ("title", "role") for k in props):
        props["aria_hidden"] = "true"
    return rx.el.svg(
        *(_SHAPES[tag](custom_attrs=dict(shape)) for tag, shape in shapes),
        class_name=classes,
        custom_attrs=attrs,
        **props,
    )
