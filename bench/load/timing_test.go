package load

import (
	"reflect"
	"testing"
	"time"
)

func TestParseServerTiming(t *testing.T) {
	ms := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
	for _, c := range []struct {
		in   string
		want []ServerTiming
	}{
		{"queue;dur=0.012, ipc;dur=0.019, h2d;dur=0.011, kernel;dur=0.028, d2h;dur=0.010, zero;dur=0.009, total;dur=0.101", []ServerTiming{
			{"queue", ms(0.012), true, 0}, {"ipc", ms(0.019), true, 0}, {"h2d", ms(0.011), true, 0}, {"kernel", ms(0.028), true, 0},
			{"d2h", ms(0.010), true, 0}, {"zero", ms(0.009), true, 0}, {"total", ms(0.101), true, 0}}},
		{`load;desc="module load";dur="65.2"`, []ServerTiming{{"load", ms(65.2), true, 0}}},
		{"  cache ; desc=hit ,, db;DUR=53 ,", []ServerTiming{{"cache", 0, false, 0}, {"db", ms(53), true, 0}}},
		{"x;dur=abc, y;dur=-1, z;dur=1e99, w;dur=2", []ServerTiming{{"x", 0, false, 0}, {"y", 0, false, 0}, {"z", 0, false, 0}, {"w", ms(2), true, 0}}},
		{"", nil},
		{" , ;dur=3", nil},
		{"gpu-kernel;dur=0.5;desc=x", []ServerTiming{{"gpu-kernel", ms(0.5), true, 0}}},
		{`total;dur=1, batch;desc="8"`, []ServerTiming{{"total", ms(1), true, 0}, {"batch", 0, false, 8}}},
	} {
		got := ParseServerTiming(nil, []byte(c.in))
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", c.in, got, c.want)
		}
	}
}

func TestStageAggregation(t *testing.T) {
	var a stageAgg
	for i := 1; i <= 100; i++ {
		a.add(ParseServerTiming(nil, []byte("ipc;dur=0.020, kernel;dur="+itoa(i)+", note")))
	}
	st := a.stats()
	if st["ipc"].Count != 100 || st["ipc"].Mean < 0.0199 || st["ipc"].Mean > 0.0201 {
		t.Errorf("ipc %+v", st["ipc"])
	}
	k := st["kernel"]
	if k.Mean != 50.5 || k.P50 < 49.5 || k.P50 > 50.6 || k.P99 < 98 || k.P99 > 100 {
		t.Errorf("kernel %+v", k)
	}
	if _, ok := st["note"]; ok {
		t.Error("a metric without dur got a stage")
	}
	names := StageNames(map[string]StageStats{"zz": {}, "total": {}, "ipc": {}, "aa": {}, "queue": {}})
	if !reflect.DeepEqual(names, []string{"queue", "ipc", "total", "aa", "zz"}) {
		t.Errorf("stage order %v", names)
	}
}

func itoa(i int) string { return string(appendInt(nil, i)) }

func appendInt(b []byte, i int) []byte {
	if i >= 10 {
		b = appendInt(b, i/10)
	}
	return append(b, byte('0'+i%10))
}

func BenchmarkParseServerTiming(b *testing.B) {
	v := []byte("queue;dur=0.001, ipc;dur=0.020, h2d;dur=0.010, kernel;dur=0.100, d2h;dur=0.010, total;dur=0.130")
	var buf [10]ServerTiming
	b.ReportAllocs()
	for b.Loop() {
		if len(ParseServerTiming(buf[:0], v)) != 6 {
			b.Fatal("parse")
		}
	}
}
