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

    from marketplace.api import app as api_app

    nowhere = create_engine("postgresql+psycopg://postgres@127.0.0.1:1/none", connect_args={"connect_timeout": 2})
    monkeypatch.setattr(api_app, "get_engine", lambda: nowhere)
    response = api_client.get("/api/health")
    assert response.status_code == 503
    assert response.json() == {"status": "degraded", "database": "unreachable"}
