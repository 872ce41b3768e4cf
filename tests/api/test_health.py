def test_health_reports_the_database(api_client):
    response = api_client.get("/api/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}


def test_docs_live_under_api(api_client):
    assert api_client.get("/api/docs").status_code == 200
    assert "/api/health" in api_client.get("/api/openapi.json").json()["paths"]


def test_unknown_api_path_is_json_404(api_client):
    response = api_client.get("/api/nothing-here")
    assert response.status_code == 404


def test_health_says_when_the_database_is_unreachable(api_client, monkeypatch):
    from sqlalchemy import create_engine

    from marketplace.db import engine

    nowhere = create_engine("postgresql+psycopg://postgres@127.0.0.1:1/none", connect_args={"connect_timeout": 2})
    monkeypatch.setattr(engine, "_health_bind", lambda: nowhere)
    response = api_client.get("/api/health")
    assert response.status_code == 503
    assert response.json() == {"status": "degraded", "database": "unreachable"}


def test_health_answers_while_every_request_thread_waits(api_client):
    """The probe has threads of its own: a server whose request threads are all busy still says it is up."""
    import threading

    import anyio.to_thread

    from marketplace.db import engine

    release = threading.Event()

    async def occupy_every_thread():
        limiter = anyio.to_thread.current_default_thread_limiter()
        async with anyio.create_task_group() as group:
            for _ in range(int(limiter.total_tokens)):
                group.start_soon(anyio.to_thread.run_sync, release.wait)
            await anyio.sleep(0.2)
            with anyio.fail_after(2):
                await engine.ping()
            release.set()

    try:
        anyio.run(occupy_every_thread)
    finally:
        release.set()
