#!/usr/bin/env python3
"""Clients that misbehave on purpose, for the integration tests and by hand.

Node cannot set a TCP socket's receive buffer nor close it with a reset, so these are here.
Every mode talks to one loopback address and port and ends within its own time limit.

  abuse.py reset PORT --path P [--count N] [--rcvbuf B] [--pipeline K] [--read R] [--method M --body-bytes S]
                 [--host H] [--header "Name: value"]...
      N connections one after another: each sets a B-byte receive buffer, sends K requests for P
      at once (pipelined), reads R bytes and closes with a reset (SO_LINGER 0). Prints JSON.

  abuse.py slow-readers PORT --path P [--count N] [--seconds T] [--drain-every D] [--drain-bytes X]
                         [--source ADDR] [--page Q] [--never-read M]
      N connections from ADDR, each with a 16 KB receive buffer, pipelining 1,000 GETs of P and
      draining up to X bytes every D seconds (M of them never read at all). Meanwhile a normal
      client asks for Q on a new connection twice a second. After T seconds prints JSON: the
      normal client's answers and times, and when each slow reader was closed by the server.
"""
import argparse
import json
import select
import socket
import struct
import sys
import time


def request(path, host='check.test', method='GET', body=b'', headers=()):
    head = f'{method} {path} HTTP/1.1\r\nHost: {host}\r\n' + ''.join(f'{h}\r\n' for h in headers)
    if method == 'POST':
        boundary = 'abuseboundary'
        part = (f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\n'
                f'Content-Type: application/pdf\r\n\r\n').encode() + body + f'\r\n--{boundary}--\r\n'.encode()
        head += f'Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {len(part)}\r\n\r\n'
        return head.encode() + part
    return (head + '\r\n').encode()


def reset_mode(a):
    done = errors = 0
    payload = request(a.path, host=a.host, method=a.method, body=b'%PDF-1.4\n' + b'x' * a.body_bytes,
                      headers=a.header) * a.pipeline
    for _ in range(a.count):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, a.rcvbuf)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack('ii', 1, 0))
        s.settimeout(5)
        try:
            s.connect(('127.0.0.1', a.port))
            s.sendall(payload)
            got = 0
            while got < a.read:
                chunk = s.recv(a.read - got)
                if not chunk:
                    break
                got += len(chunk)
            done += 1
        except OSError:
            errors += 1
        finally:
            s.close()
    print(json.dumps({'connections': a.count, 'completed': done, 'errors': errors}))


def normal_get(port, path, timeout):
    t0 = time.monotonic()
    try:
        with socket.create_connection(('127.0.0.1', port), timeout=timeout) as s:
            s.sendall(request(path)[:-2] + b'Connection: close\r\n\r\n')
            data = b''
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
        status = int(data.split(b' ', 2)[1]) if data.startswith(b'HTTP/1.1 ') else 0
        return {'status': status, 'seconds': round(time.monotonic() - t0, 3), 'bytes': len(data)}
    except OSError as e:
        return {'status': 0, 'error': type(e).__name__, 'seconds': round(time.monotonic() - t0, 3)}


def slow_readers_mode(a):
    start = time.monotonic()
    conns = []
    payload = request(a.path) * 1000
    for i in range(a.count):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
        s.bind((a.source, 0))
        s.settimeout(2)
        try:
            s.connect(('127.0.0.1', a.port))
            s.setblocking(False)
            conns.append({'sock': s, 'sent': 0, 'never': i < a.never_read, 'closed_at': None, 'read': 0})
        except OSError:
            s.close()
    opened = len(conns)
    normal = []
    # The normal client starts a second in: at the very first moment its address is at its cap
    # with every connection fresh (nothing yet waits on its reader), and a new connection is then
    # refused by design; whether the burst took 200 ms or 300 ms to open decided it before.
    next_normal = time.monotonic() + 1.0
    next_drain = time.monotonic() + a.drain_every
    deadline = start + a.seconds
    while time.monotonic() < deadline:
        now = time.monotonic()
        for c in conns:  # keep the pipeline full: the request bytes are small, the kernel takes most
            if c['closed_at'] is None and c['sent'] < len(payload):
                try:
                    c['sent'] += c['sock'].send(payload[c['sent']:])
                except BlockingIOError:
                    pass
                except OSError:
                    c['closed_at'] = round(now - start, 1)
        if now >= next_drain:
            next_drain += a.drain_every
            for c in conns:
                if c['closed_at'] is not None or c['never']:
                    continue
                budget = a.drain_bytes
                while budget > 0:
                    try:
                        chunk = c['sock'].recv(min(budget, 65536))
                    except BlockingIOError:
                        break
                    except OSError:
                        chunk = b''
                    if not chunk:
                        c['closed_at'] = round(time.monotonic() - start, 1)
                        break
                    c['read'] += len(chunk)
                    budget -= len(chunk)
        # The server's close is seen when it happens, not when the reader gets to it: the server
        # closes with requests it has not read, so its kernel sends a reset, and the reset is an
        # error at once, while recv() would first hand out the answer bytes still queued here
        # (a reader taking 4 KB/s saw the close 1.6 s late here, some 5 s late on another machine).
        gone = select.POLLHUP | select.POLLERR | select.POLLRDHUP
        watch = select.poll()
        for c in conns:
            if c['closed_at'] is None:
                watch.register(c['sock'], gone)
        by_fd = {c['sock'].fileno(): c for c in conns}
        for fd, ev in watch.poll(0):
            if ev & gone:
                by_fd[fd]['closed_at'] = round(time.monotonic() - start, 1)
        if now >= next_normal:
            next_normal += 0.5
            r = normal_get(a.port, a.page, 10)
            # Closed at once: the address was at its cap with nothing yet stale enough to make
            # room (refused by design); a browser tries again, and so does this client, once.
            if r['status'] == 0 and r['seconds'] < 0.2:
                time.sleep(0.1)
                again = normal_get(a.port, a.page, 10)
                again['seconds'] = round(time.monotonic() - now, 3)
                r = again
            r['at'] = round(now - start, 1)
            normal.append(r)
        time.sleep(0.05)
    closed = sorted(c['closed_at'] for c in conns if c['closed_at'] is not None)
    never = sorted(c['closed_at'] for c in conns if c['never'] and c['closed_at'] is not None)
    for c in conns:
        c['sock'].close()
    ok = [r for r in normal if r['status'] == 200]
    print(json.dumps({
        'opened': opened,
        'closed_by_server': len(closed),
        'closed_at': closed,
        'never_reading': a.never_read,
        'never_reading_closed_at': never,
        'normal_requests': len(normal),
        'normal_ok': len(ok),
        'normal_slowest_seconds': max((r['seconds'] for r in normal), default=None),
        'normal_failures': [r for r in normal if r['status'] != 200][:20],
    }))


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest='mode', required=True)
    r = sub.add_parser('reset')
    r.add_argument('port', type=int)
    r.add_argument('--path', required=True)
    r.add_argument('--count', type=int, default=300)
    r.add_argument('--rcvbuf', type=int, default=2048)
    r.add_argument('--pipeline', type=int, default=4)
    r.add_argument('--read', type=int, default=100)
    r.add_argument('--method', default='GET')
    r.add_argument('--body-bytes', type=int, default=0)
    r.add_argument('--host', default='check.test')
    r.add_argument('--header', action='append', default=[], help='a header line, e.g. "Accept-Encoding: gzip"')
    s = sub.add_parser('slow-readers')
    s.add_argument('port', type=int)
    s.add_argument('--path', required=True)
    s.add_argument('--page', default='/waveads/home')
    s.add_argument('--count', type=int, default=212)
    s.add_argument('--seconds', type=float, default=90)
    s.add_argument('--drain-every', type=float, default=10)
    s.add_argument('--drain-bytes', type=int, default=3 * 1024 * 1024)
    s.add_argument('--source', default='127.0.0.1')
    s.add_argument('--never-read', type=int, default=0)
    a = p.parse_args()
    (reset_mode if a.mode == 'reset' else slow_readers_mode)(a)


if __name__ == '__main__':
    sys.exit(main())
