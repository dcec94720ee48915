// The franz-go judge: kgo (and kadm for the admin calls) in a scripted session against one Kafka
// endpoint, one line per step, ending "franz-go: N passed, N failed" (exit 1 on any failure).
// The session is the same as the other judges' (../README.md). With --bench N it instead
// produces and consumes N records and prints the time (the load benchmark, bench/README.md).
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
	"github.com/twmb/franz-go/pkg/sasl/plain"
)

var (
	bootstrap     = flag.String("bootstrap", "", "host:port of the endpoint (PLAINTEXT)")
	saslBootstrap = flag.String("sasl-bootstrap", "", "host:port of the SASL_PLAINTEXT listener")
	saslUser      = flag.String("sasl-user", "", "SASL PLAIN user")
	saslPassword  = flag.String("sasl-password", "", "SASL PLAIN password")
	deadlineS     = flag.Int("deadline-s", 240, "the whole session's deadline, seconds")
	records       = flag.Int("records", 1000, "records per codec")
	bench         = flag.Int("bench", 0, "instead of the session: produce and consume this many records")
)

const groupPartitions = 4

var (
	run              string
	ctx              context.Context
	passed, failed   int
	current          = "start"
	currentMu        sync.Mutex
	errCheck         = errors.New("check")
	codecs           = []string{"none", "gzip", "snappy", "lz4", "zstd"}
	codecCompression = map[string]kgo.CompressionCodec{
		"none": kgo.NoCompression(), "gzip": kgo.GzipCompression(), "snappy": kgo.SnappyCompression(),
		"lz4": kgo.Lz4Compression(), "zstd": kgo.ZstdCompression(),
	}
)

func fail(format string, a ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errCheck}, a...)...)
}

func step(name string, body func() (string, error)) {
	currentMu.Lock()
	current = name
	currentMu.Unlock()
	start := time.Now()
	detail, err := body()
	mark := "ok  "
	if err != nil {
		mark, detail = "FAIL", strings.TrimPrefix(err.Error(), "check: ")
		failed++
	} else {
		passed++
	}
	fmt.Printf("%s %-48s %6d ms  %s\n", mark, name, time.Since(start).Milliseconds(), detail)
}

// waitFor calls pump until cond holds, at most timeout (and never past the session deadline),
// and says what it waited for when it gives up.
func waitFor(what func() string, timeout time.Duration, cond func() bool, pump func(context.Context)) error {
	wctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	for !cond() {
		if wctx.Err() != nil {
			return fail("gave up after %s waiting for %s", timeout, what())
		}
		pump(wctx)
	}
	return nil
}

// --- the records every judge produces (../README.md) ---

func key(i int) []byte {
	if i%10 == 3 {
		return nil
	}
	return []byte("key-" + strconv.Itoa(i))
}

func value(i int) []byte {
	switch i % 10 {
	case 7:
		return nil
	case 5:
		return []byte{}
	}
	return []byte("value-" + strconv.Itoa(i) + ":" + strings.Repeat("streamwire ", i%13))
}

func headers(i int, codec string) []kgo.RecordHeader {
	if i%4 == 0 {
		return nil
	}
	h := []kgo.RecordHeader{{Key: "i", Value: []byte(strconv.Itoa(i))}, {Key: "codec", Value: []byte(codec)}}
	if i%4 == 3 {
		h = append(h, kgo.RecordHeader{Key: "dup", Value: []byte("a")}, kgo.RecordHeader{Key: "dup", Value: []byte("b")})
	}
	return h
}

func show(b []byte) string {
	if b == nil {
		return "null"
	}
	return strconv.Quote(string(b))
}

// sameBytes tells null from empty.
func sameBytes(a, b []byte) bool { return (a == nil) == (b == nil) && bytes.Equal(a, b) }

func topic(what string) string { return "sw-go-" + run + "-" + what }

// --- clients ---

func client(opts ...kgo.Opt) (*kgo.Client, error) {
	base := []kgo.Opt{
		kgo.SeedBrokers(*bootstrap), kgo.ClientID("streamwire-judge-franz-go"),
		kgo.RequestTimeoutOverhead(10 * time.Second), kgo.RetryTimeout(20 * time.Second),
		kgo.FetchMaxWait(200 * time.Millisecond),
	}
	return kgo.NewClient(append(base, opts...)...)
}

func saslClient(password string) (*kgo.Client, error) {
	return kgo.NewClient(kgo.SeedBrokers(*saslBootstrap), kgo.ClientID("streamwire-judge-franz-go"),
		kgo.SASL(plain.Auth{User: *saslUser, Pass: password}.AsMechanism()), kgo.RetryTimeout(5*time.Second))
}

// readPartition consumes partition 0 of t from the start until n records came.
func readPartition(t string, n int, opts ...kgo.Opt) ([]*kgo.Record, error) {
	opts = append(opts, kgo.ConsumePartitions(map[string]map[int32]kgo.Offset{t: {0: kgo.NewOffset().AtStart()}}))
	cl, err := client(opts...)
	if err != nil {
		return nil, err
	}
	defer cl.Close()
	var got []*kgo.Record
	err = waitFor(func() string { return fmt.Sprintf("%d records from %s/0 (have %d)", n, t, len(got)) }, 60*time.Second,
		func() bool { return len(got) >= n }, func(c context.Context) {
			f := cl.PollFetches(c)
			got = append(got, f.Records()...)
		})
	return got, err
}

func compare(got []*kgo.Record, codec string, baseTs time.Time) (string, error) {
	if len(got) != *records {
		return "", fail("expected %d records, got %d", *records, len(got))
	}
	for i, r := range got {
		where := fmt.Sprintf("record %d: ", i)
		if r.Offset != int64(i) {
			return "", fail(where+"offset %d", r.Offset)
		}
		if !sameBytes(r.Key, key(i)) {
			return "", fail(where+"key %s, expected %s", show(r.Key), show(key(i)))
		}
		if !sameBytes(r.Value, value(i)) {
			return "", fail(where+"value %s, expected %s", show(r.Value), show(value(i)))
		}
		if want := baseTs.UnixMilli() + int64(i); r.Timestamp.UnixMilli() != want {
			return "", fail(where+"timestamp %d, expected %d", r.Timestamp.UnixMilli(), want)
		}
		want := headers(i, codec)
		same := len(want) == len(r.Headers)
		for j := 0; same && j < len(want); j++ {
			same = want[j].Key == r.Headers[j].Key && bytes.Equal(want[j].Value, r.Headers[j].Value)
		}
		if !same {
			return "", fail(where+"headers %v, expected %v", r.Headers, want)
		}
	}
	return fmt.Sprintf("%d records equal (offset, key, value, timestamp, headers)", len(got)), nil
}

func main() {
	flag.Parse()
	if *bootstrap == "" || (*bench == 0 && (*saslBootstrap == "" || *saslUser == "" || *saslPassword == "")) {
		fmt.Fprintln(os.Stderr, "franz-go: --bootstrap, --sasl-bootstrap, --sasl-user and --sasl-password are required")
		os.Exit(2)
	}
	var cancel context.CancelFunc
	ctx, cancel = context.WithTimeout(context.Background(), time.Duration(*deadlineS)*time.Second)
	defer cancel()
	run = strconv.FormatInt(time.Now().UnixMilli()%1e9, 36) + strconv.FormatInt(rand.Int63n(1296), 36)
	go func() {
		<-ctx.Done()
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			// Give the step that hit the deadline a moment to print its own failure.
			time.Sleep(2 * time.Second)
			currentMu.Lock()
			fmt.Printf("FAIL session deadline: %d s passed during step %q\nfranz-go: %d passed, %d failed\n",
				*deadlineS, current, passed, failed+1)
			os.Exit(1)
		}
	}()
	if *bench > 0 {
		os.Exit(runBench(*bench))
	}
	fmt.Printf("franz-go kgo v1.22.3 against %s (SASL %s), run %s, %d records per codec, deadline %d s\n",
		*bootstrap, *saslBootstrap, run, *records, *deadlineS)
	session()
	fmt.Printf("franz-go: %d passed, %d failed\n", passed, failed)
	if failed > 0 {
		os.Exit(1)
	}
}

func session() {
	baseTs := time.UnixMilli(time.Now().Add(-time.Hour).UnixMilli() / 1000 * 1000)
	groupTopic, txnTopic := topic("group"), topic("txn")
	all := []string{groupTopic, txnTopic}
	for _, c := range codecs {
		all = append(all, topic(c))
	}
	cl, err := client()
	if err != nil {
		fmt.Printf("FAIL client: %v\nfranz-go: 0 passed, 1 failed\n", err)
		os.Exit(1)
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)

	step("connect: ApiVersions", func() (string, error) {
		vs, err := adm.ApiVersions(ctx)
		if err != nil {
			return "", err
		}
		for _, v := range vs {
			if v.Err != nil {
				return "", v.Err
			}
			var parts []string
			for _, k := range []int16{0, 1, 3} {
				lo, hi, ok := v.KeyVersions(k)
				if !ok {
					return "", fail("broker %d lacks API key %d", v.NodeID, k)
				}
				parts = append(parts, fmt.Sprintf("%s v%d-%d", kmsg.NameForKey(k), lo, hi))
			}
			return fmt.Sprintf("broker %d: %d APIs; %s", v.NodeID, len(v.Raw().ApiKeys), strings.Join(parts, ", ")), nil
		}
		return "", fail("no broker answered")
	})

	step("metadata: brokers and controller", func() (string, error) {
		m, err := adm.BrokerMetadata(ctx)
		if err != nil {
			return "", err
		}
		if len(m.Brokers) == 0 {
			return "", fail("no brokers")
		}
		return fmt.Sprintf("cluster %s, brokers %v, controller %d", m.Cluster, m.Brokers.NodeIDs(), m.Controller), nil
	})

	step("admin: create topics", func() (string, error) {
		for _, t := range all {
			parts := int32(1)
			if t == groupTopic {
				parts = groupPartitions
			}
			rs, err := adm.CreateTopics(ctx, parts, 1, nil, t)
			if err != nil {
				return "", err
			}
			if err := rs.Error(); err != nil {
				return "", err
			}
		}
		// The reply comes before the broker's metadata has the topics (KRaft propagates them).
		var last error
		return fmt.Sprintf("%d topics", len(all)), waitFor(func() string { return fmt.Sprintf("the new topics with a leader in metadata (%v)", last) },
			30*time.Second, func() bool {
				ds, err := adm.ListTopics(ctx, all...)
				if err == nil {
					err = ds.Error()
				}
				for _, d := range ds {
					for _, p := range d.Partitions {
						if err == nil && p.Leader < 0 {
							err = fmt.Errorf("%s/%d has no leader", d.Topic, p.Partition)
						}
					}
				}
				last = err
				return err == nil && len(ds) == len(all)
			}, func(c context.Context) {
				select {
				case <-c.Done():
				case <-time.After(100 * time.Millisecond):
				}
			})
	})

	step("admin: list topics", func() (string, error) {
		ds, err := adm.ListTopics(ctx, all...)
		if err != nil {
			return "", err
		}
		if err := ds.Error(); err != nil {
			return "", err
		}
		if n := len(ds[groupTopic].Partitions); n != groupPartitions {
			return "", fail("%s has %d partitions", groupTopic, n)
		}
		return fmt.Sprintf("%d topics listed", len(ds)), nil
	})

	for _, codec := range codecs {
		step("produce idempotent "+codec, func() (string, error) {
			p, err := client(kgo.ProducerBatchCompression(codecCompression[codec]), kgo.RecordPartitioner(kgo.ManualPartitioner()),
				kgo.ProducerLinger(5*time.Millisecond))
			if err != nil {
				return "", err
			}
			defer p.Close()
			rs := make([]*kgo.Record, *records)
			for i := range rs {
				rs[i] = &kgo.Record{Topic: topic(codec), Partition: 0, Key: key(i), Value: value(i), Headers: headers(i, codec),
					Timestamp: baseTs.Add(time.Duration(i) * time.Millisecond)}
			}
			res := p.ProduceSync(ctx, rs...)
			if err := res.FirstErr(); err != nil {
				return "", err
			}
			for i, r := range res {
				if r.Record.Offset != int64(i) {
					return "", fail("record %d at offset %d", i, r.Record.Offset)
				}
				if r.Record.ProducerID < 0 {
					return "", fail("record %d has no producer id (not idempotent)", i)
				}
			}
			return fmt.Sprintf("%d records at offsets 0..%d, producer id %d", len(res), len(res)-1, res[0].Record.ProducerID), nil
		})
		step("consume "+codec, func() (string, error) {
			got, err := readPartition(topic(codec), *records)
			if err != nil {
				return "", err
			}
			return compare(got, codec, baseTs)
		})
	}

	for _, protocol := range []string{"classic", "consumer"} {
		group := topic("offsets-" + protocol)
		step("group "+protocol+": subscribe, consume, commit", func() (string, error) {
			c, err := client(groupOpts(group, protocol, kgo.ConsumeTopics(topic("none")), kgo.DisableAutoCommit())...)
			if err != nil {
				return "", err
			}
			defer c.Close()
			var got []*kgo.Record
			if err := waitFor(func() string { return fmt.Sprintf("the group's %d records (have %d)", *records, len(got)) },
				60*time.Second, func() bool { return len(got) >= *records },
				func(cc context.Context) { got = append(got, c.PollFetches(cc).Records()...) }); err != nil {
				return "", err
			}
			for i, r := range got {
				if r.Offset != int64(i) {
					return "", fail("record %d at offset %d", i, r.Offset)
				}
			}
			if err := c.CommitRecords(ctx, got[len(got)-1]); err != nil {
				return "", err
			}
			return fmt.Sprintf("%d records, committed through offset %d", len(got), got[len(got)-1].Offset), nil
		})
		step("group "+protocol+": fetch offsets (admin)", func() (string, error) { return committedAt(adm, group, *records) })
	}

	for _, protocol := range []string{"classic", "consumer"} {
		step("group "+protocol+": rebalance two members", func() (string, error) { return rebalance(groupTopic, protocol) })
	}

	txnGroup := topic("txn-group")
	step("transaction: abort then commit (group session)", func() (string, error) {
		s, err := kgo.NewGroupTransactSession(
			kgo.SeedBrokers(*bootstrap), kgo.ClientID("streamwire-judge-franz-go"),
			kgo.TransactionalID(topic("txn-id")), kgo.RecordPartitioner(kgo.ManualPartitioner()),
			kgo.ConsumerGroup(txnGroup), kgo.ConsumeTopics(topic("none")), kgo.FetchMaxWait(200*time.Millisecond),
			kgo.FetchIsolationLevel(kgo.ReadCommitted()), kgo.RequireStableFetchOffsets(),
		)
		if err != nil {
			return "", err
		}
		defer s.Close()
		batch := func(prefix string) []*kgo.Record {
			rs := make([]*kgo.Record, 100)
			for i := range rs {
				rs[i] = &kgo.Record{Topic: txnTopic, Partition: 0, Key: []byte("k" + strconv.Itoa(i)), Value: []byte(prefix + strconv.Itoa(i))}
			}
			return rs
		}
		if err := s.Begin(); err != nil {
			return "", err
		}
		if err := s.ProduceSync(ctx, batch("aborted-")...).FirstErr(); err != nil {
			return "", err
		}
		if committed, err := s.End(ctx, kgo.TryAbort); err != nil || committed {
			return "", fail("abort: committed=%v err=%v", committed, err)
		}
		if err := s.Begin(); err != nil {
			return "", err
		}
		n := 0
		if err := waitFor(func() string { return fmt.Sprintf("%d records in the transaction's group (have %d)", *records, n) },
			60*time.Second, func() bool { return n >= *records },
			func(cc context.Context) { n += len(s.PollFetches(cc).Records()) }); err != nil {
			return "", err
		}
		if err := s.ProduceSync(ctx, batch("committed-")...).FirstErr(); err != nil {
			return "", err
		}
		if committed, err := s.End(ctx, kgo.TryCommit); err != nil || !committed {
			return "", fail("commit: committed=%v err=%v", committed, err)
		}
		return fmt.Sprintf("100 aborted; %d consumed + 100 produced committed", n), nil
	})

	step("transaction: offsets committed in it", func() (string, error) { return committedAt(adm, txnGroup, *records) })

	// A plain record after the transactions: what a reader sees before it is the answer.
	step("transaction: read_committed sees committed only", func() (string, error) {
		if err := cl.ProduceSync(ctx, &kgo.Record{Topic: txnTopic, Value: []byte("end")}).FirstErr(); err != nil {
			return "", err
		}
		got, err := readPartition(txnTopic, 101, kgo.FetchIsolationLevel(kgo.ReadCommitted()))
		if err != nil {
			return "", err
		}
		for i := 0; i < 100; i++ {
			if v := string(got[i].Value); v != "committed-"+strconv.Itoa(i) {
				return "", fail("record %d is %q", i, v)
			}
		}
		if v := string(got[100].Value); v != "end" || len(got) != 101 {
			return "", fail("record 100 is %q (%d records)", v, len(got))
		}
		return "100 committed records, then the plain one", nil
	})

	step("transaction: read_uncommitted sees both", func() (string, error) {
		got, err := readPartition(txnTopic, 201)
		if err != nil {
			return "", err
		}
		if string(got[0].Value) != "aborted-0" || string(got[100].Value) != "committed-0" || string(got[200].Value) != "end" {
			return "", fail("records 0, 100, 200: %q %q %q", got[0].Value, got[100].Value, got[200].Value)
		}
		return "100 aborted, 100 committed, 1 plain", nil
	})

	missing := topic("missing")
	step("error: unknown topic (metadata)", func() (string, error) {
		ds, err := adm.ListTopics(ctx, missing)
		if err != nil {
			return "", err
		}
		if !errors.Is(ds[missing].Err, kerr.UnknownTopicOrPartition) {
			return "", fail("expected kerr.UnknownTopicOrPartition, got %v", ds[missing].Err)
		}
		return "kerr.UnknownTopicOrPartition", nil
	})

	step("error: unknown topic (produce)", func() (string, error) {
		p, err := client(kgo.UnknownTopicRetries(2))
		if err != nil {
			return "", err
		}
		defer p.Close()
		err = p.ProduceSync(ctx, &kgo.Record{Topic: missing, Value: []byte("v")}).FirstErr()
		if !errors.Is(err, kerr.UnknownTopicOrPartition) {
			return "", fail("expected kerr.UnknownTopicOrPartition, got %v", err)
		}
		return "kerr.UnknownTopicOrPartition: " + err.Error(), nil
	})

	step("sasl: PLAIN login", func() (string, error) {
		c, err := saslClient(*saslPassword)
		if err != nil {
			return "", err
		}
		defer c.Close()
		m, err := kadm.NewClient(c).BrokerMetadata(ctx)
		if err != nil {
			return "", err
		}
		return "cluster " + m.Cluster + " as " + *saslUser, nil
	})

	step("error: wrong SASL password", func() (string, error) {
		c, err := saslClient(*saslPassword + "-wrong")
		if err != nil {
			return "", err
		}
		defer c.Close()
		pctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		err = c.Ping(pctx)
		if !errors.Is(err, kerr.SaslAuthenticationFailed) {
			return "", fail("expected kerr.SaslAuthenticationFailed, got %v", err)
		}
		return "kerr.SaslAuthenticationFailed: " + err.Error(), nil
	})

	step("admin: delete topics", func() (string, error) {
		rs, err := adm.DeleteTopics(ctx, all...)
		if err != nil {
			return "", err
		}
		if err := rs.Error(); err != nil {
			return "", err
		}
		var left []string
		return fmt.Sprintf("%d topics deleted", len(all)), waitFor(func() string { return fmt.Sprintf("%v to leave metadata", left) },
			30*time.Second, func() bool {
				ds, err := adm.ListTopics(ctx, all...)
				left = left[:0]
				for t, d := range ds {
					if d.Err == nil {
						left = append(left, t)
					}
				}
				return err == nil && len(left) == 0
			}, func(c context.Context) {
				select {
				case <-c.Done():
				case <-time.After(100 * time.Millisecond):
				}
			})
	})
}

// committedAt checks the group's committed offset of topic "none" partition 0 (kadm's OffsetFetch).
func committedAt(adm *kadm.Client, group string, want int) (string, error) {
	os, err := adm.FetchOffsets(ctx, group)
	if err != nil {
		return "", err
	}
	o, ok := os.Lookup(topic("none"), 0)
	if !ok || o.Err != nil || o.At != int64(want) {
		return "", fail("offsets %v", os)
	}
	return fmt.Sprintf("offset %d", o.At), nil
}

func groupOpts(group, protocol string, more ...kgo.Opt) []kgo.Opt {
	o := []kgo.Opt{kgo.ConsumerGroup(group)}
	if protocol == "consumer" {
		// KIP-848: the broker assigns; kgo needs a range or sticky balancer for it.
		o = append(o, kgo.ServerSideBalancer(), kgo.Balancers(kgo.CooperativeStickyBalancer()))
	} else {
		o = append(o, kgo.HeartbeatInterval(500*time.Millisecond), kgo.SessionTimeout(10*time.Second))
	}
	return append(o, more...)
}

// member tracks its assignment from the group callbacks.
type member struct {
	mu       sync.Mutex
	owned    map[int32]bool
	changed  chan struct{}
	cl       *kgo.Client
	stopPoll context.CancelFunc
	done     chan struct{}
}

func (m *member) update(parts map[string][]int32, add bool) {
	m.mu.Lock()
	for _, ps := range parts {
		for _, p := range ps {
			if add {
				m.owned[p] = true
			} else {
				delete(m.owned, p)
			}
		}
	}
	m.mu.Unlock()
	select {
	case m.changed <- struct{}{}:
	default:
	}
}

func (m *member) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.owned)
}

func (m *member) String() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return fmt.Sprint(m.owned)
}

func join(group, t, protocol string) (*member, error) {
	m := &member{owned: map[int32]bool{}, changed: make(chan struct{}, 1), done: make(chan struct{})}
	cl, err := client(groupOpts(group, protocol, kgo.ConsumeTopics(t),
		kgo.OnPartitionsAssigned(func(_ context.Context, _ *kgo.Client, p map[string][]int32) { m.update(p, true) }),
		kgo.OnPartitionsRevoked(func(_ context.Context, _ *kgo.Client, p map[string][]int32) { m.update(p, false) }),
		kgo.OnPartitionsLost(func(_ context.Context, _ *kgo.Client, p map[string][]int32) { m.update(p, false) }),
	)...)
	if err != nil {
		return nil, err
	}
	m.cl = cl
	pctx, cancel := context.WithCancel(ctx)
	m.stopPoll = cancel
	go func() {
		defer close(m.done)
		for pctx.Err() == nil {
			cl.PollFetches(pctx)
		}
	}()
	return m, nil
}

func (m *member) leave() {
	m.stopPoll()
	<-m.done
	m.cl.Close()
}

// rebalance: a joins alone and gets every partition; b joins and the two split them; b leaves
// and a has them all again. Waits wake on the members' callbacks.
func rebalance(t, protocol string) (string, error) {
	group := topic("rebalance-" + protocol)
	a, err := join(group, t, protocol)
	if err != nil {
		return "", err
	}
	defer a.leave()
	onChange := func(ms ...*member) func(context.Context) {
		return func(c context.Context) {
			cases := make(chan struct{}, 1)
			for _, m := range ms {
				go func(m *member) {
					select {
					case <-m.changed:
						cases <- struct{}{}
					case <-c.Done():
					}
				}(m)
			}
			select {
			case <-cases:
			case <-c.Done():
			case <-time.After(500 * time.Millisecond):
			}
		}
	}
	if err := waitFor(func() string { return "member a to own all partitions (owns " + a.String() + ")" }, 60*time.Second,
		func() bool { return a.count() == groupPartitions }, onChange(a)); err != nil {
		return "", err
	}
	b, err := join(group, t, protocol)
	if err != nil {
		return "", err
	}
	if err := waitFor(func() string { return "a and b to split the partitions (a " + a.String() + ", b " + b.String() + ")" },
		60*time.Second, func() bool {
			return a.count() > 0 && b.count() > 0 && a.count()+b.count() == groupPartitions && disjoint(a, b)
		}, onChange(a, b)); err != nil {
		b.leave()
		return "", err
	}
	split := fmt.Sprintf("%d+%d", a.count(), b.count())
	b.leave()
	if err := waitFor(func() string { return "member a to own all partitions after b left (owns " + a.String() + ")" },
		60*time.Second, func() bool { return a.count() == groupPartitions }, onChange(a)); err != nil {
		return "", err
	}
	return fmt.Sprintf("a alone %d, a+b %s, a after b left %d", groupPartitions, split, a.count()), nil
}

func disjoint(a, b *member) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	b.mu.Lock()
	defer b.mu.Unlock()
	for p := range a.owned {
		if b.owned[p] {
			return false
		}
	}
	return true
}
