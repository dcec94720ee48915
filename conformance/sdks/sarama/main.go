// Runs the wirevec Kafka API vectors against IBM sarama (its own body types, reached through
// the overlaid shim/streamwire_shim.go). Reads only vectors/ (manifest + vector files); writes one JSON line per test to
// stdout in the matrix's result format (see ../README.md).
package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/IBM/sarama"
)

type manifest struct {
	Files []struct {
		Path     string `json:"path"`
		Protocol string `json:"protocol"`
	} `json:"files"`
}

type vectorFile struct {
	Message    string  `json:"message"`
	APIKey     *int16  `json:"apiKey"`
	TestGroups []group `json:"testGroups"`
}

type group struct {
	Direction string `json:"direction"`
	Version   *int16 `json:"version"`
	Framing   string `json:"framing"`
	Tests     []test `json:"tests"`
}

type test struct {
	TcID   int    `json:"tcId"`
	Name   string `json:"name"`
	Hex    string `json:"hex"`
	File   *struct {
		Path string `json:"path"`
	} `json:"file"`
	Result    string `json:"result"`
	Canonical *bool  `json:"canonical"`
}

type outcome struct {
	File      string `json:"file"`
	Message   string `json:"message"`
	Direction string `json:"direction"`
	Version   int16  `json:"version"`
	TcID      int    `json:"tcId"`
	Name      string `json:"name"`
	Result    string `json:"result"`
	Outcome   string `json:"outcome"`
	Detail    string `json:"detail,omitempty"`
	Got       string `json:"got,omitempty"`
}

// run decodes b into sarama's body type and re-encodes it, turning a panic into an error.
func run(body any, b []byte, version int16) (out []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	if err = sarama.StreamwireDecode(body, b, version); err != nil {
		return nil, err
	}
	return sarama.StreamwireEncode(body)
}

func main() {
	debug.SetGCPercent(400)
	dir := "vectors"
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	var man manifest
	must(readJSON(filepath.Join(dir, "manifest.json"), &man))
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	enc := json.NewEncoder(w)
	for _, f := range man.Files {
		if f.Protocol != "kafka" {
			continue
		}
		var vf vectorFile
		must(readJSON(filepath.Join(dir, f.Path), &vf))
		if vf.APIKey == nil {
			continue // data schemas, headers, records: not API messages
		}
		for _, g := range vf.TestGroups {
			if g.Framing != "body" || g.Version == nil || (g.Direction != "request" && g.Direction != "response") {
				continue
			}
			for _, t := range g.Tests {
				o := outcome{File: f.Path, Message: vf.Message, Direction: g.Direction, Version: *g.Version, TcID: t.TcID, Name: t.Name, Result: t.Result}
				b, err := bytesOf(dir, t)
				must(err)
				body := sarama.StreamwireAllocate(*vf.APIKey, *g.Version, g.Direction == "response")
				switch {
				case body == nil:
					o.Outcome, o.Detail = "unsupported", "no body type for this API key"
				case !sarama.StreamwireValidVersion(body):
					o.Outcome, o.Detail = "unsupported", "version not implemented"
				default:
					out, err := run(body, b, *g.Version)
					switch {
					case err != nil:
						o.Outcome, o.Detail = "error", err.Error()
					case hex.EncodeToString(out) == hex.EncodeToString(b):
						o.Outcome = "identical"
					default:
						o.Outcome = "differs"
						o.Got = hex.EncodeToString(out)
					}
				}
				must(enc.Encode(o))
			}
		}
	}
}

func bytesOf(dir string, t test) ([]byte, error) {
	if t.File != nil {
		return os.ReadFile(filepath.Join(dir, t.File.Path))
	}
	return hex.DecodeString(t.Hex)
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "sarama runner:", err)
		os.Exit(2)
	}
}
