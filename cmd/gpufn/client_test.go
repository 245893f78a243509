package main

import (
	"flag"
	"io"
	"reflect"
	"testing"
)

func TestParseInterleaved(t *testing.T) {
	tests := []struct {
		args   []string
		rest   []string
		url    string
		inputs multiFlag
	}{
		{nil, nil, "", nil},
		{[]string{"matmul"}, []string{"matmul"}, "", nil},
		{[]string{"--url", "http://h:1", "-i", "a=u64:1", "matmul"}, []string{"matmul"}, "http://h:1", multiFlag{"a=u64:1"}},
		{[]string{"matmul", "-i", "a=u64:1", "-i", "b=@f"}, []string{"matmul"}, "", multiFlag{"a=u64:1", "b=@f"}},
		{[]string{"function", "--url", "http://h:2", "matmul"}, []string{"function", "matmul"}, "http://h:2", nil},
		{[]string{"a", "b", "--", "-c"}, []string{"a", "b", "-c"}, "", nil},
	}
	for _, tc := range tests {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		url := fs.String("url", "", "")
		var inputs multiFlag
		fs.Var(&inputs, "i", "")
		rest, err := parseInterleaved(fs, tc.args)
		if err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if !reflect.DeepEqual(rest, tc.rest) || *url != tc.url || !reflect.DeepEqual(inputs, tc.inputs) {
			t.Errorf("%q: rest %q url %q inputs %q, want %q %q %q", tc.args, rest, *url, inputs, tc.rest, tc.url, tc.inputs)
		}
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if _, err := parseInterleaved(fs, []string{"x", "--nope"}); err == nil {
		t.Error("an unknown flag after an argument: no error")
	}
}

func TestServerURL(t *testing.T) {
	t.Setenv("GPUFN_URL", "")
	if got := serverURL(""); got != "http://127.0.0.1:8080" {
		t.Errorf("default: %q", got)
	}
	t.Setenv("GPUFN_URL", "http://env:9/")
	if got := serverURL(""); got != "http://env:9" {
		t.Errorf("$GPUFN_URL: %q", got)
	}
	if got := serverURL("http://flag:7//"); got != "http://flag:7" {
		t.Errorf("--url: %q", got)
	}
}
