"""Live delivery hook: what the UI registers receives each committed message, from async code and from the
API's worker threads alike; a failing delivery is logged, never raised (the message is stored already)."""

from __future__ import annotations

import asyncio

import anyio
import anyio.to_thread
import pytest

from marketplace import realtime
from marketplace.shapes.social import ChatMessage

MESSAGE = ChatMessage(id=1, sender_id=10, recipient_id=20, body="Hi")


@pytest.fixture
def deliverers(monkeypatch) -> list:
    """An empty registry for the test (the app's own room delivery is registered when states are imported)."""
    registry: list = []
    monkeypatch.setattr(realtime, "_deliverers", registry)
    return registry


def test_every_registered_delivery_receives_the_message_once(deliverers):
    received = []

    async def to_room(message):
        received.append(("room", message))

    async def to_log(message):
        received.append(("log", message))

    realtime.on_message(to_room)
    realtime.on_message(to_log)
    realtime.on_message(to_room)  # registering twice (a module imported again) delivers once
    assert asyncio.run(realtime.announce_message(MESSAGE)) == 2
    assert received == [("room", MESSAGE), ("log", MESSAGE)]


def test_a_failing_delivery_is_logged_and_the_others_still_run(deliverers, caplog):
    received = []

    async def broken(_message):
        raise ConnectionError("redis went away")

    async def working(message):
        received.append(message)

    realtime.on_message(broken)
    realtime.on_message(working)
    assert asyncio.run(realtime.announce_message(MESSAGE)) == 1
    assert received == [MESSAGE]
    assert "Live delivery of message 1 failed" in caplog.text


def test_a_sync_api_route_on_a_worker_thread_delivers_on_the_servers_loop(deliverers):
    loops = []

    async def on_loop(message):
        loops.append((asyncio.get_running_loop(), message))

    realtime.on_message(on_loop)

    async def server():
        # What Starlette does with a sync route: run it on a worker thread of the server's loop.
        delivered = await anyio.to_thread.run_sync(realtime.announce_message_from_thread, MESSAGE)
        return delivered, asyncio.get_running_loop()

    delivered, server_loop = anyio.run(server)
    assert delivered == 1 and loops == [(server_loop, MESSAGE)]


def test_outside_a_server_nothing_is_delivered_and_nothing_breaks(deliverers):
    received = []

    async def deliver(message):
        received.append(message)

    realtime.on_message(deliver)
    assert realtime.announce_message_from_thread(MESSAGE) == 0
    assert received == []


def test_bells_ring_through_every_registered_way_and_a_failure_is_logged(monkeypatch, caplog):
    rung = []

    def broken(_user_ids):
        raise ConnectionError("redis went away")

    def working(user_ids):
        rung.append((asyncio.get_running_loop(), user_ids))

    monkeypatch.setattr(realtime, "_ringers", [])
    realtime.on_notified(broken)
    realtime.on_notified(working)
    realtime.on_notified(working)  # registered twice: rung once

    async def server():  # a sync API route runs on a worker thread of the server's loop
        await anyio.to_thread.run_sync(realtime.ring_from_thread, {7, 8})
        return asyncio.get_running_loop()

    server_loop = anyio.run(server)
    assert rung == [(server_loop, {7, 8})]
    assert "Ringing the bells of users [7, 8] failed" in caplog.text
    realtime.ring_from_thread({9})  # outside a server: nothing to ring, nothing breaks
    realtime.ring_from_thread(set())
    assert len(rung) == 1
