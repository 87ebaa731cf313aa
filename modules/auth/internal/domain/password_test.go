package domain

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"
)

// cheapParams keep the table tests fast; production cost is exercised by the few tests that call
// HashPassword / VerifyDummy directly.
var cheapParams = argon2Params{memoryKiB: 1024, time: 1, threads: 1, saltLen: 16, keyLen: 32}

func mustHash(t *testing.T, p argon2Params, plain string) string {
	t.Helper()
	h, err := hashPasswordWith(p, plain, bytes.NewReader(bytes.Repeat([]byte{7}, int(p.saltLen))))
	if err != nil {
		t.Fatalf("hashPasswordWith: %v", err)
	}
	return h
}

func TestHashPasswordProductionFormat(t *testing.T) {
	const plain = "Demo123!"
	h1, err := HashPassword(plain)
	if err != nil {
		t.Fatal(err)
	}
	// 16-byte salt = 22 base64 chars, 32-byte key = 43 chars, unpadded.
	format := regexp.MustCompile(`^\$argon2id\$v=19\$m=65536,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$`)
	if !format.MatchString(h1) {
		t.Fatalf("hash %q does not have the production PHC format", h1)
	}
	h2, err := HashPassword(plain)
	if err != nil {
		t.Fatal(err)
	}
	if h1 == h2 {
		t.Fatal("two hashes of the same password are equal: salt is not random")
	}
	for _, h := range []string{h1, h2} {
		if ok, err := VerifyPassword(h, plain); !ok || err != nil {
			t.Fatalf("VerifyPassword(own hash) = %v, %v; want true, nil", ok, err)
		}
		if ok, err := VerifyPassword(h, "demo123!"); ok || err != nil {
			t.Fatalf("VerifyPassword(wrong case) = %v, %v; want false, nil", ok, err)
		}
		if NeedsRehash(h) {
			t.Fatal("a fresh production hash needs rehash")
		}
	}
}

func TestVerifyPassword(t *testing.T) {
	stored := mustHash(t, cheapParams, "Contraseña#1")
	tests := []struct {
		name  string
		plain string
		want  bool
	}{
		{"exact", "Contraseña#1", true},
		{"other case", "contraseña#1", false},
		{"without accent", "Contrasena#1", false},
		{"trailing space", "Contraseña#1 ", false},
		{"prefix", "Contraseña#", false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ok, err := VerifyPassword(stored, tt.plain)
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if ok != tt.want {
				t.Fatalf("VerifyPassword(%q) = %v, want %v", tt.plain, ok, tt.want)
			}
		})
	}
}

// The parameters are read back from the string: a hash made with other costs still verifies, and
// changing any cost in the string makes it fail.
func TestVerifyPasswordUsesStoredParams(t *testing.T) {
	p := argon2Params{memoryKiB: 2048, time: 3, threads: 2, saltLen: 16, keyLen: 32}
	h := mustHash(t, p, "Otra-Clave9")
	if !strings.Contains(h, "$m=2048,t=3,p=2$") {
		t.Fatalf("params not written into %q", h)
	}
	if ok, err := VerifyPassword(h, "Otra-Clave9"); !ok || err != nil {
		t.Fatalf("VerifyPassword = %v, %v; want true, nil", ok, err)
	}
	for _, tampered := range []string{
		strings.Replace(h, "m=2048", "m=1024", 1),
		strings.Replace(h, "t=3", "t=2", 1),
		strings.Replace(h, "p=2", "p=1", 1),
	} {
		if ok, err := VerifyPassword(tampered, "Otra-Clave9"); ok || err != nil {
			t.Fatalf("VerifyPassword(%q) = %v, %v; want false, nil", tampered, ok, err)
		}
	}
}

func TestHashPasswordWithIsDeterministicForAGivenSalt(t *testing.T) {
	a := mustHash(t, cheapParams, "Same1!xx")
	b := mustHash(t, cheapParams, "Same1!xx")
	c := mustHash(t, cheapParams, "Same1!xy")
	if a != b {
		t.Fatalf("same salt and password gave %q and %q", a, b)
	}
	if a == c {
		t.Fatal("different passwords gave the same hash")
	}
}

func TestHashPasswordSaltFailure(t *testing.T) {
	_, err := hashPasswordWith(cheapParams, "x", bytes.NewReader(make([]byte, 3)))
	if err == nil {
		t.Fatal("want an error when the random source runs dry")
	}
}

func TestVerifyPasswordMalformed(t *testing.T) {
	good := mustHash(t, cheapParams, "Abc123!x")
	parts := strings.Split(good, "$") // "", argon2id, v=19, params, salt, key
	salt, key := parts[4], parts[5]
	tests := map[string]string{
		"empty":            "",
		"plain text":       "Abc123!x",
		"bcrypt":           "$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy",
		"argon2i":          "$argon2i$v=19$m=1024,t=1,p=1$" + salt + "$" + key,
		"old version":      "$argon2id$v=16$m=1024,t=1,p=1$" + salt + "$" + key,
		"missing key":      "$argon2id$v=19$m=1024,t=1,p=1$" + salt,
		"extra segment":    good + "$x",
		"params reordered": "$argon2id$v=19$t=1,m=1024,p=1$" + salt + "$" + key,
		"params missing":   "$argon2id$v=19$m=1024,t=1$" + salt + "$" + key,
		"param not number": "$argon2id$v=19$m=lots,t=1,p=1$" + salt + "$" + key,
		"negative param":   "$argon2id$v=19$m=1024,t=-1,p=1$" + salt + "$" + key,
		"zero time":        "$argon2id$v=19$m=1024,t=0,p=1$" + salt + "$" + key,
		"zero threads":     "$argon2id$v=19$m=1024,t=1,p=0$" + salt + "$" + key,
		"256 threads":      "$argon2id$v=19$m=4096,t=1,p=256$" + salt + "$" + key,
		"memory below 8p":  "$argon2id$v=19$m=15,t=1,p=2$" + salt + "$" + key,
		"memory too large": "$argon2id$v=19$m=4194304,t=1,p=1$" + salt + "$" + key,
		"time too large":   "$argon2id$v=19$m=1024,t=1000,p=1$" + salt + "$" + key,
		"salt not base64":  "$argon2id$v=19$m=1024,t=1,p=1$!!!!$" + key,
		"salt too short":   "$argon2id$v=19$m=1024,t=1,p=1$AAAA$" + key,
		"key too short":    "$argon2id$v=19$m=1024,t=1,p=1$" + salt + "$AAAAAAAA",
		"padded key":       "$argon2id$v=19$m=1024,t=1,p=1$" + salt + "$" + key + "=",
	}
	for name, h := range tests {
		t.Run(name, func(t *testing.T) {
			ok, err := VerifyPassword(h, "Abc123!x")
			if ok || !errors.Is(err, ErrMalformedHash) {
				t.Fatalf("VerifyPassword(%q) = %v, %v; want false, ErrMalformedHash", h, ok, err)
			}
			if !NeedsRehash(h) {
				t.Fatalf("NeedsRehash(%q) = false for an unreadable hash", h)
			}
		})
	}
}

func TestNeedsRehash(t *testing.T) {
	shortSalt := productionParams
	shortSalt.saltLen = 8
	longKey := productionParams
	longKey.keyLen = 64
	moreMemory := productionParams
	moreMemory.memoryKiB *= 2
	tests := []struct {
		name string
		p    argon2Params
		want bool
	}{
		{"production", productionParams, false},
		{"cheap", cheapParams, true},
		{"more memory than policy", moreMemory, true},
		{"short salt", shortSalt, true},
		{"other key length", longKey, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := mustHash(t, tt.p, "Abc123!x")
			if got := NeedsRehash(h); got != tt.want {
				t.Fatalf("NeedsRehash(%q) = %v, want %v", h, got, tt.want)
			}
		})
	}
}

// The dummy must cost what a real production verify costs, so its parameters must be the policy's.
func TestDummyHashUsesProductionParams(t *testing.T) {
	if NeedsRehash(dummyHash) {
		t.Fatal("dummyHash does not use productionParams: regenerate it")
	}
	p, salt, _, err := parsePHC(dummyHash)
	if err != nil {
		t.Fatal(err)
	}
	if p.memoryKiB != 65536 || p.time != 2 || p.threads != 1 || len(salt) != 16 || p.keyLen != 32 {
		t.Fatalf("dummy params = %+v, salt %d bytes", p, len(salt))
	}
	for _, plain := range []string{"", "Demo123!", "password"} {
		if ok, err := VerifyPassword(dummyHash, plain); ok || err != nil {
			t.Fatalf("VerifyPassword(dummyHash, %q) = %v, %v; want false, nil", plain, ok, err)
		}
	}
	VerifyDummy("Demo123!") // must not panic
}

func BenchmarkVerifyPasswordProduction(b *testing.B) {
	h, err := HashPassword("Demo123!")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		_, _ = VerifyPassword(h, "Demo123?")
	}
}

// Compare with BenchmarkVerifyPasswordProduction: the two should be within noise of each other.
func BenchmarkVerifyDummy(b *testing.B) {
	for b.Loop() {
		VerifyDummy("Demo123?")
	}
}
