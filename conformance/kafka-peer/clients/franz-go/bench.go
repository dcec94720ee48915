package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

// runBench produces n records (key, 100-byte value, one header; no compression) to a new
// one-partition topic, consumes them back, checks the count and the last value, deletes the
// topic and prints one line of JSON. The endpoint's CPU and memory are read by the caller.
func runBench(n int) int {
	t := topic("bench")
	cl, err := client(kgo.RecordPartitioner(kgo.ManualPartitioner()), kgo.ProducerLinger(5*time.Millisecond),
		kgo.ProducerBatchCompression(kgo.NoCompression()), kgo.MaxBufferedRecords(20000))
	if err != nil {
		fmt.Println("bench: client:", err)
		return 1
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)
	if rs, err := adm.CreateTopics(ctx, 1, 1, nil, t); err != nil || rs.Error() != nil {
		fmt.Println("bench: create topic:", err, rs.Error())
		return 1
	}
	pad := strings.Repeat("x", 100)
	start := time.Now()
	var firstErr error
	done := make(chan struct{}, 1)
	remaining := n
	for i := 0; i < n; i++ {
		r := &kgo.Record{Topic: t, Partition: 0, Key: []byte("k" + strconv.Itoa(i)), Value: []byte(pad[:100-len(strconv.Itoa(i))] + strconv.Itoa(i)),
			Headers: []kgo.RecordHeader{{Key: "h", Value: []byte("v")}}}
		cl.Produce(ctx, r, func(_ *kgo.Record, err error) {
			if err != nil && firstErr == nil {
				firstErr = err
			}
			remaining--
			if remaining == 0 {
				done <- struct{}{}
			}
		})
	}
	if err := cl.Flush(ctx); err != nil {
		firstErr = err
	}
	<-done
	produced := time.Since(start)
	if firstErr != nil {
		fmt.Println("bench: produce:", firstErr)
		return 1
	}
	c, err := client(kgo.ConsumePartitions(map[string]map[int32]kgo.Offset{t: {0: kgo.NewOffset().AtStart()}}),
		kgo.FetchMaxBytes(16<<20), kgo.FetchMaxPartitionBytes(8<<20))
	if err != nil {
		fmt.Println("bench: consumer:", err)
		return 1
	}
	defer c.Close()
	start = time.Now()
	got := 0
	var last *kgo.Record
	err = waitFor(func() string { return fmt.Sprintf("%d records (have %d)", n, got) }, 120*time.Second,
		func() bool { return got >= n }, func(cc context.Context) {
			f := c.PollFetches(cc)
			f.EachRecord(func(r *kgo.Record) { got++; last = r })
		})
	consumed := time.Since(start)
	if err != nil {
		fmt.Println("bench:", err)
		return 1
	}
	if want := strconv.Itoa(n - 1); !strings.HasSuffix(string(last.Value), want) || last.Offset != int64(n-1) {
		fmt.Printf("bench: last record offset %d value %q\n", last.Offset, last.Value)
		return 1
	}
	_, _ = adm.DeleteTopics(ctx, t)
	fmt.Printf("{\"records\":%d,\"produceMs\":%d,\"consumeMs\":%d}\n", n, produced.Milliseconds(), consumed.Milliseconds())
	return 0
}
