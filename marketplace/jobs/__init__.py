"""Background jobs: a transactional outbox in the app's database, drained by worker threads or processes.

``queue`` (enqueue inside a transaction) sits below the domain; ``tasks`` and ``worker`` sit above it.
"""
