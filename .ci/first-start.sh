#!/usr/bin/env bash
# The README's start command, tried as a new user tries it: in a fresh clone with nothing
# installed, as the very first command, on the machine's own Node.js. Waits until the app
# answers, checks the page and the API (a demo sign-in), then stops it. Exit 1 on failure.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
port="${FIRST_START_PORT:-3396}"
limit="${FIRST_START_SECONDS:-600}"

work="$(mktemp -d)"
log="$work/start.log"
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM -- "-$server_pid" 2>/dev/null || true
    for _ in $(seq 1 20); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL -- "-$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FIRST START FAILED: $1"
  echo "---- output of npm start ----"
  tail -n 60 "$log" || true
  exit 1
}

git clone --quiet --no-hardlinks "$repo" "$work/app"
cd "$work/app"
# The README's command, unchanged; only the port differs so it cannot meet another app.
echo "First start: 'npm start' in a fresh clone ($(node --version) on the PATH), port $port"
started=$(date +%s)
PORT="$port" setsid npm start >"$log" 2>&1 &
server_pid=$!

base="http://127.0.0.1:$port"
until curl -fsS -o /dev/null "$base/" 2>/dev/null; do
  kill -0 "$server_pid" 2>/dev/null || fail "npm start exited before the app answered"
  (($(date +%s) - started < limit)) || fail "the app did not answer within ${limit}s"
  sleep 2
done
echo "The app answered after $(($(date +%s) - started))s."

page="$(curl -fsS "$base/auth/login")"
grep -q '<div id="root">' <<<"$page" || fail "GET /auth/login did not return the web app"

sign_in="$(curl -sS -X POST "$base/api/v1/sign-in" -H 'Content-Type: application/json' \
  -d '{"username":"demo.frontdesk","password":"Clinic-demo-2026"}')"
grep -q '"token"' <<<"$sign_in" || fail "the demo sign-in did not answer with a session: $sign_in"

echo "First start OK: the page and the API answer; demo sign-in works."
