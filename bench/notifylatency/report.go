package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"
)

// printReport writes the Markdown report on stdout.
func printReport(o options, nofile uint64, rs []*result) {
	w := os.Stdout
	fmt.Fprintf(w, "# Notification latency (issue 4) — %s\n\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(w, "Machine: %s; RLIMIT_NOFILE %d.\n\n", machine(), nofile)
	fmt.Fprintf(w, "Workload per topology: %d buyers (one company, Demo S.A.S.) with %d tabs in all, each buyer's session cookie shared by its tabs", o.users, o.sockets)
	if o.adminTabs > 0 {
		fmt.Fprintf(w, ", plus %d tabs of the admin", o.adminTabs)
	}
	fmt.Fprintf(w, "; %d purchase orders created by the buyers (round-robin) before the sockets connect; the demo admin approves them one every %v "+
		"(open loop, at most %d in flight). Each approval must reach every tab of the order's creator as one {\"type\":\"notification\"} frame; "+
		"every approval also sends a list invalidation to every buyer tab of the company.\n\n", o.n, o.interval, o.inflight)

	if len(rs) == 0 {
		fmt.Fprintln(w, "No topology completed.")
		return
	}
	fmt.Fprintln(w, "| topology | sockets | approvals | frames expected | received | lost | duplicates | unexpected | sockets closed | persisted / expected | p50 | p90 | p99 | max |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range rs {
		s := summarize(r.fromOccurred)
		approvals := fmt.Sprint(r.approvalsOK)
		if r.approvalsFailed > 0 {
			approvals += fmt.Sprintf(" (+%d failed)", r.approvalsFailed)
		}
		fmt.Fprintf(w, "| %s | %d | %s | %d | %d | **%d** | %d | %d | %d | %d / %d | %s |\n",
			r.topology, r.buyerTabs+r.adminTabs, approvals, r.expected, r.received, r.lost(), r.duplicates, r.unexpected,
			r.closedEarly, r.persistFound, r.persistExpected, s.cells())
	}
	fmt.Fprintln(w, "\nLatencies in the summary are occurred_at → frame arrival (ms), per expected frame; target p99 < 250 ms, nothing lost.")

	for _, r := range rs {
		fmt.Fprintf(w, "\n## %s\n\n", r.topology)
		fmt.Fprintf(w, "%s. Started %s; load average before %s, after %s.\n\n", r.processes, r.at.Format("15:04:05 MST"), r.loadBefore, r.loadAfter)
		fmt.Fprintln(w, "| measured (per frame unless said) | n | p50 | p90 | p99 | max |")
		fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|")
		row := func(name string, d []time.Duration) {
			s := summarize(d)
			fmt.Fprintf(w, "| %s | %d | %s |\n", name, s.n, s.cells())
		}
		row("**occurred_at → frame** (server time of the approval, taken just before its transaction: ≥ commit → frame)", r.fromOccurred)
		row("approve response received → frame (the server answers after the commit: ≤ commit → frame; < 0 when the frame wins)", r.fromResponse)
		row("approve request sent → frame (what the approving admin and the buyer experience together)", r.fromRequest)
		row("occurred_at → notification stored (created_at: outbox relay, JetStream, consumer transaction)", r.eventToStored)
		row("notification stored → frame (core NATS live.user.N, gateway, socket)", r.storedToFrame)
		row("approve HTTP request → response (per approval)", r.approveHTTP)
		fmt.Fprintln(w)
		fmt.Fprintf(w, "- sockets: %d buyer tabs (%s per buyer) + %d admin tabs; closed during the run: %d", r.buyerTabs, r.tabsPerBuyer, r.adminTabs, r.closedEarly)
		if r.firstCloseErr != "" {
			fmt.Fprintf(w, " (first: %s)", r.firstCloseErr)
		}
		fmt.Fprintf(w, "; server \"slow client dropped\" warnings: %d\n", r.slowDropped)
		if len(o.watch) > 0 {
			pages := make([]string, len(o.watch))
			for i, p := range o.watch {
				pages[i] = strings.Join(p, ",")
			}
			fmt.Fprintf(w, "- the buyer tabs say what they show ({\"type\":\"watch\"}), pages spread evenly: %s; the admin tabs say nothing\n", strings.Join(pages, " | "))
		} else {
			fmt.Fprintln(w, "- the tabs say nothing of what they show: every tab gets every invalidation of its routes")
		}
		fmt.Fprintf(w, "- approvals: %d ok, %d failed", r.approvalsOK, r.approvalsFailed)
		if r.firstApprovalErr != "" {
			fmt.Fprintf(w, " (first: %s)", r.firstApprovalErr)
		}
		rate := 0.0
		if r.approvalSpan > 0 {
			rate = float64(r.approvalsOK) / r.approvalSpan.Seconds()
		}
		fmt.Fprintf(w, "; %v for all (%.1f/s); largest start delay behind schedule %s ms\n", r.approvalSpan.Round(time.Millisecond), rate, ms(r.maxLag))
		fmt.Fprintf(w, "- frames: %d expected, %d received, %d lost, %d duplicates, %d unexpected notification frames; %d list invalidation frames (the approvals caused up to %d: the gateway merges those a tab has not been sent yet) and %d other frames also received",
			r.expected, r.received, r.lost(), r.duplicates, r.unexpected, r.invalidates, r.invalidatesExpected, r.others)
		if r.memPerSocket != "" {
			fmt.Fprintf(w, "\n- memory per idle socket (RSS after the sockets connected and settled − RSS before, ÷ sockets): %s", r.memPerSocket)
		}
		if r.chaos != nil {
			fmt.Fprintf(w, "\n- socket closures during the latency run (tabs reconnect and resume): %d", r.disconnectsA)
		}
		if extra := r.invalidates - r.invalidatesExpected; extra > 0 {
			fmt.Fprintf(w, "; the %d extra invalidations came from elsewhere (on a shared NATS, every installation's pushes on live.> reach these tabs)", extra)
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "- persisted (GET /api/notifications of each buyer, kind purchase_order, outcome approved): %d of %d, %d missing, %d extra or repeated\n",
			r.persistFound, r.persistExpected, r.persistMissing, r.persistExtra)
		fmt.Fprintf(w, "- occurred_at resolution in the frames: %s; frames whose occurred_at differs from the approve answer's approved_at by > 1 ms: %d\n",
			orDash(r.occurredResolution), r.occurredMismatch)
		fmt.Fprintf(w, "- the admin's %d order-created notifications were all stored %v after the last order (before the sockets connected)\n", r.approvalsOK+r.approvalsFailed, r.createdDrain.Round(time.Millisecond))
		var ps []string
		for _, p := range r.procStats {
			ps = append(ps, fmt.Sprintf("%s %.2f s CPU, RSS %.0f MiB (peak %.0f MiB)", p.name, p.cpu.Seconds(), float64(p.rssKiB)/1024, float64(p.hwmK)/1024))
		}
		ps = append(ps, fmt.Sprintf("bench %.2f s CPU", r.benchCPU.Seconds()))
		fmt.Fprintf(w, "- during the approvals and the drain: host CPU %.0f%% busy (all processes, %d CPUs); %s\n", r.hostBusy*100, runtime.NumCPU(), strings.Join(ps, "; "))
		if r.quiet != "" {
			fmt.Fprintf(w, "- %s\n", r.quiet)
		}
		for _, n := range r.notes {
			fmt.Fprintf(w, "- %s\n", n)
		}
		if r.chaos != nil {
			printChaos(w, o, r.chaos)
		}
	}
}

func printChaos(w io.Writer, o options, c *chaosResult) {
	if c.killRan {
		fmt.Fprintf(w, "\n### kill -9 one notifier mid-burst\n\n")
		fmt.Fprintf(w, "- %d approvals (%d failed), notifier-1 SIGKILLed when half had started; it held %d tabs, %d of which reconnected to notifier-2\n",
			c.killApprovals, c.killFailed, c.killTabs, c.killMoved)
		s := summarize(c.killReconnect)
		fmt.Fprintf(w, "- kill → first reconnection per moved tab (ms): p50 %s, p90 %s, p99 %s, max %s; at most %d reconnections in any 100 ms window (jittered backoff: a random 0.5–1 s first)\n",
			ms(s.p50), ms(s.p90), ms(s.p99), ms(s.max), c.killPeak100ms)
		fmt.Fprintf(w, "- toasts (one per tab and approval of its buyer): **%d of %d shown, %d missed, %d shown twice**; %d came from the resume (GET /api/notifications/missed), %d repeated frames or resume rows dropped by id; last one shown %v after the kill\n",
			c.killShown, c.killExpected, c.killMissed, c.killTwice, c.killViaResume, c.killRepeats, c.killShownAfter.Round(time.Millisecond))
		fmt.Fprintf(w, "- resume calls: %d answered, %d failed and retried\n", c.killResumes, c.killResumeFails)
		for _, m := range c.killMisses {
			fmt.Fprintf(w, "- missed: %s\n", m)
		}
	}
	if c.relayRan {
		fmt.Fprintf(w, "\n### kill -9 the backoffice (outbox relay) and restart NATS during a %d-event burst\n\n", o.burst)
		for _, t := range c.timeline {
			fmt.Fprintf(w, "- %s\n", t)
		}
		fmt.Fprintf(w, "- orders answered %d, requests failed (backoffice down) %d; orders of the burst in the database (events): %d; drain after the burst %v\n",
			c.burstOK, c.burstFailed, c.events, c.relayDrain.Round(time.Millisecond))
		fmt.Fprintf(w, "- notifications table: **%d (order, administrator) rows, %d stored twice, %d missing**; outbox rows never published: %d\n",
			c.stored, c.storedTwice, c.storedNone, c.unpublished)
		fmt.Fprintf(w, "- admin tabs (%d): **%d of %d toasts shown, %d missed, %d shown twice**; %d via resume, %d repeated frames or resume rows dropped by id; resync messages received by all tabs: %d; socket closures: %d\n",
			c.adminTabs, c.relayShown, c.relayExpected, c.relayMissed, c.relayTwice, c.relayViaResume, c.relayRepeats, c.relayResyncs, c.relayDisconnects)
		fmt.Fprintf(w, "\n### stalled sockets\n\n- %d admin tabs that read nothing after their hello (4 KiB receive buffer) during the burst: %d seen closed by the bench, %d \"slow client dropped\" in the notifier logs; the healthy admin tabs' stored → frame p99 over the burst %s ms (chaos included)\n",
			c.stalled, c.stalledCut, c.stalledCutLog, ms(c.healthyP99))
	}
	for _, n := range c.notes {
		fmt.Fprintf(w, "- %s\n", n)
	}
}

type summary struct {
	n                  int
	p50, p90, p99, max time.Duration
	empty              bool
}

// summarize gives nearest-rank percentiles.
func summarize(d []time.Duration) summary {
	if len(d) == 0 {
		return summary{empty: true}
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	at := func(p float64) time.Duration {
		i := int(math.Ceil(p*float64(len(s)))) - 1
		return s[min(max(i, 0), len(s)-1)]
	}
	return summary{n: len(s), p50: at(0.50), p90: at(0.90), p99: at(0.99), max: s[len(s)-1]}
}

// cells are the percentile columns of a table row.
func (s summary) cells() string {
	if s.empty {
		return "— | — | — | —"
	}
	return strings.Join([]string{ms(s.p50), ms(s.p90), ms(s.p99), ms(s.max)}, " | ")
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.1f", float64(d)/float64(time.Millisecond))
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
