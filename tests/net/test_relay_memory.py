"""The relay keeps no more of a connection than forwarding needs: not the handshake's
headers (an eighth of a table's memory, docs/performance.md)."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect

from knockrummy.net.relay import Relay, run_relay


async def _a_table_with_a_guest() -> tuple[Relay, list]:
    relay = Relay()
    ready = asyncio.get_running_loop().create_future()
    server = asyncio.ensure_future(run_relay("127.0.0.1", 0, relay, ready.set_result))
    url = await asyncio.wait_for(ready, 30)
    host = await connect(f"{url}/t/ABC123/host", compression=None)
    await host.send(json.dumps({"type": "host", "token": "secret"}))
    assert json.loads(await asyncio.wait_for(host.recv(), 30))["type"] == "hosting"
    arriving = asyncio.ensure_future(connect(f"{url}/t/ABC123", compression=None))
    number = json.loads(await asyncio.wait_for(host.recv(), 30))["id"]
    pair = await connect(f"{url}/t/ABC123/pair/{number}", compression=None)
    await pair.send(json.dumps({"type": "pair", "token": "secret"}))
    guest = await asyncio.wait_for(arriving, 30)
    return relay, [server, host, pair, guest]


def test_the_relay_lets_go_of_the_handshakes_headers_and_still_forwards():
    async def run():
        relay, (server, host, pair, guest) = await _a_table_with_a_guest()
        try:
            sent = "x" * 5000
            await pair.send(sent)
            assert await asyncio.wait_for(guest.recv(), 30) == sent
            table = relay.tables["ABC123"]
            assert len(table.host.request.headers) == 0
            (at_relay,) = table.guests
            assert len(at_relay.request.headers) == 0
            assert len(at_relay.response.headers) == 0
        finally:
            for side in (guest, pair, host):
                await side.close()
            server.cancel()
            await asyncio.wait([server], timeout=5)

    asyncio.run(run())
