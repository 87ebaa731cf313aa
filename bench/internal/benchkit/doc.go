// Package benchkit is what the bench commands (bench/masterdata, bench/purchaselist, …) share to
// measure the real backoffice binary on loopback:
//
//   - a dedicated PostgreSQL database: DatabaseURL, EnsureDatabase, DropDatabase;
//   - the server's cached list totals in Redis: ClearTotals (after a bulk load in SQL);
//   - the backends: EachBackend and OnBackends run a measurement on the embedded default and on
//     a PostgreSQL database of the run's own (with NATS and Redis), each on fresh data, with the
//     bench's own connection to the database for checks in SQL;
//   - the server under test: StartServer starts the binary on a free loopback port and waits for
//     /readyz (Server.Ready: how long that took); Server.Stop ends that process only;
//     Server.MemKiB and Server.ResetPeak read its RSS, Server.CPU its CPU time;
//   - the machine: Machine (CPUs and model), HostCPU and HostBusy (how busy the host was between
//     two readings), WaitQuiet (wait for a quiet moment), ProcessCPU;
//   - signed-in demo users: Login, LoginDemo (admin, user, secretary), Session.Do, Session.Send
//     (any status, extra headers such as an Idempotency-Key), Session.List, Session.GetJSON,
//     Session.PostForm (multipart, with files: PNG is an image the API takes);
//   - closed-loop load: Scenario, Load (clients interleaving a group of scenarios for a fixed time
//     after a warm-up), Burst (clients firing once at the same moment), Result (latencies, errors,
//     percentiles);
//   - the verdicts: Checks (ok or **FAILED** lines, Err for the exit status), FirstErr;
//   - the report: Table (a Markdown table with the verdict against a p99 target), Line (a progress
//     line), LoadAvg, Ms, Logf.
//
// Every call is bounded in time (HTTP client timeouts, a readiness deadline, durations given by
// the caller); nothing here ends a process the bench did not start.
package benchkit
