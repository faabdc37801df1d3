package main

import (
	"bufio"
	"encoding/json"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTLS runs tls serve and tls connect against each other over
// X25519MLKEM768 with ML-DSA certificates, with and without client
// certificates.
func TestTLS(t *testing.T) {
	dir := t.TempDir()
	testPKI(t, dir)
	ok(t, dir, "ca", "issue", "--dir", "issuing", "--csr", "server.csr", "--profile", "server", "--chain", "--out", "server-chain.crt")
	ok(t, dir, "key", "generate", "--alg", "ML-DSA-65", "--out", "client.key")
	ok(t, dir, "csr", "create", "--key", "client.key", "--subject", "CN=alice", "--out", "client.csr")
	ok(t, dir, "ca", "issue", "--dir", "issuing", "--csr", "client.csr", "--profile", "client", "--chain", "--out", "client.crt")

	for _, c := range []struct{ mtls, clientCert bool }{{false, false}, {true, true}, {true, false}} {
		mtls := c.mtls
		args := []string{"tls", "serve", "--cert", "server-chain.crt", "--key", "server.key", "--addr", "127.0.0.1:0", "--once"}
		if mtls {
			args = append(args, "--client-ca", "root/ca.crt")
		}
		srv := exec.Command(binary, args...)
		srv.Dir = dir
		stdout, err := srv.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var srvErr strings.Builder
		srv.Stderr = &srvErr
		if err := srv.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewScanner(stdout)
		if !lines.Scan() || !strings.HasPrefix(lines.Text(), "listening on ") {
			srv.Process.Kill()
			t.Fatalf("tls serve did not say where it listens: %q %s", lines.Text(), srvErr.String())
		}
		addr := strings.TrimPrefix(lines.Text(), "listening on ")
		connect := []string{"tls", "connect", addr, "--ca", "root/ca.crt", "--servername", "example.com"}
		if c.clientCert {
			connect = append(connect, "--cert", "client.crt", "--key", "client.key")
		}
		refused := mtls && !c.clientCert
		if refused {
			fails(t, dir, exitFailure, "certificate required", connect...)
		} else {
			out := ok(t, dir, connect...)
			for _, want := range []string{"TLS 1.3", "X25519MLKEM768", `peer "CN=example.com,O=Test" (ML-DSA-44 key, signed ML-DSA-65)`, "chain 2: CN=Test Root CA", "server says: hello from crystals"} {
				if !strings.Contains(out, want) {
					t.Errorf("%+v: tls connect output lacks %q:\n%s", c, want, out)
				}
			}
			if c.clientCert && !strings.Contains(out, `peer "CN=alice"`) {
				t.Errorf("the server did not see the client certificate:\n%s", out)
			}
		}
		// Read the server's log to its end before Wait, which closes the pipe.
		type exit struct {
			err error
			log string
		}
		done := make(chan exit, 1)
		go func() {
			var log strings.Builder
			for lines.Scan() {
				log.WriteString(lines.Text() + "\n")
			}
			done <- exit{srv.Wait(), log.String()}
		}()
		select {
		case x := <-done:
			// The server logs each connection on stdout; --once exits 1
			// after a failed one, with its one line on stderr.
			if refused {
				if x.err == nil || !strings.Contains(x.log, "failed: ") || strings.Count(srvErr.String(), "\n") != 1 {
					t.Errorf("tls serve after a refused client: %v, stdout %q, stderr %q", x.err, x.log, srvErr.String())
				}
			} else if x.err != nil || !strings.Contains(x.log, "TLS 1.3, X25519MLKEM768") {
				t.Errorf("tls serve --once: %v: %s %s", x.err, x.log, srvErr.String())
			}
		case <-time.After(30 * time.Second):
			srv.Process.Kill()
			t.Fatal("tls serve --once did not stop")
		}
	}
	fails(t, dir, exitFailure, "connecting to", "tls", "connect", "127.0.0.1:1", "--ca", "root/ca.crt")
}

// TestCertInspectJSON checks the machine-readable dump.
func TestCertInspectJSON(t *testing.T) {
	dir := t.TempDir()
	testPKI(t, dir)
	var got []certJSON
	if err := json.Unmarshal([]byte(ok(t, dir, "cert", "inspect", "server.crt", "--json")), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("%d certificates", len(got))
	}
	c := got[0]
	if c.Subject != "CN=example.com,O=Test" || c.PublicKeyAlgorithm != "ML-DSA-44" || c.SignatureAlgorithm != "ML-DSA-65" ||
		c.IsCA || len(c.DNSNames) != 1 || c.IPAddresses[0] != "127.0.0.1" || c.ExtKeyUsage[0] != "serverAuth" || c.PublicKeySize != 1312 {
		t.Errorf("cert inspect --json: %+v", c)
	}
	var chain []certJSON
	if err := json.Unmarshal([]byte(ok(t, dir, "cert", "inspect", "issuing/chain.crt", "--json")), &chain); err != nil || len(chain) != 1 || chain[0].Subject != "CN=Test Root CA" {
		t.Errorf("chain.crt: %v %+v", err, chain)
	}
	if chain[0].MaxPathLen != nil {
		t.Errorf("the root has a path length: %d", *chain[0].MaxPathLen)
	}
}

// TestBench runs a short bench of every algorithm and checks the table and
// the chart. Under -short it benchmarks one algorithm.
func TestBench(t *testing.T) {
	dir := t.TempDir()
	args := []string{"bench", "--rounds", "2", "--time", "2ms", "--svg", "bench.svg"}
	if testing.Short() {
		args = append(args, "--alg", "ML-KEM-768")
	}
	out := ok(t, dir, args...)
	rows := 0
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "ML-") || strings.HasPrefix(line, "X-Wing") {
			rows++
			if !strings.Contains(line, "×") {
				t.Errorf("row without a ratio: %q", line)
			}
		}
	}
	want := 3
	if !testing.Short() {
		want = 4*3 + 3*4 // four ML-DSA operations, three of ML-KEM and X-Wing
	}
	if rows != want {
		t.Errorf("%d rows, want %d:\n%s", rows, want, out)
	}
	svg, err := os.ReadFile(filepath.Join(dir, "bench.svg"))
	if err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(strings.NewReader(string(svg)))
	rects := 0
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "rect" {
			rects++
		}
	}
	if rects < rows*2 {
		t.Errorf("the chart has %d rects for %d rows", rects, rows)
	}
	fails(t, dir, exitFailure, "bench.svg already exists", args...)
}

// TestBenchProgress runs bench on a pseudo-terminal (util-linux script),
// where it draws a progress bar on stderr; without a terminal (TestBench)
// it draws none.
func TestBenchProgress(t *testing.T) {
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("no script(1) to give the binary a terminal")
	}
	cmd := exec.Command(script, "-qec", binary+" bench --alg ML-KEM-512 --rounds 2 --time 1ms", "/dev/null")
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(string(out), "] ") || !strings.Contains(string(out), "round 2/2 ML-KEM-512") || !strings.Contains(string(out), "#") {
		t.Errorf("no progress bar on a terminal:\n%q", out)
	}
	plain := crystals(t, t.TempDir(), "bench", "--alg", "ML-KEM-512", "--rounds", "1", "--time", "1ms")
	if plain.code != 0 || plain.stderr != "" {
		t.Errorf("bench without a terminal: exit %d, stderr %q", plain.code, plain.stderr)
	}
}
