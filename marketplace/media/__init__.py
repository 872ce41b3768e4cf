"""Course media: where lesson videos and thumbnails are kept, how they arrive (resumable uploads) and are served.

``storage`` is the one interface (local folder or S3-compatible bucket); ``images`` and ``videos`` check what
instructors upload by its content; ``uploads`` is the tus endpoint; ``serving`` signs and streams. docs/product.md,
"Media and uploads", has the rules.
"""
