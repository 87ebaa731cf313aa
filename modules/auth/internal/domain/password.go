package domain

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"golang.org/x/crypto/argon2"
)

// ErrMalformedHash is returned when a stored password hash is not an argon2id PHC string this
// package can read, or names parameters outside the sane bounds below.
var ErrMalformedHash = errors.New("auth: malformed password hash")

// argon2Params are the cost parameters written into (and read back from) a PHC string.
type argon2Params struct {
	memoryKiB uint32
	time      uint32
	threads   uint8
	saltLen   uint32
	keyLen    uint32
}

// productionParams is the policy for new hashes: argon2id, 64 MiB, 2 passes, 1 lane, 16-byte salt,
// 32-byte key (OWASP's argon2id minimum is 19 MiB / t=2; we spend more memory because logins are
// rate-limited anyway). Raising a value here makes NeedsRehash report old hashes, which the login
// use case re-hashes while it still holds the plain password.
var productionParams = argon2Params{memoryKiB: 64 * 1024, time: 2, threads: 1, saltLen: 16, keyLen: 32}

// Bounds on parameters read from a stored hash. A corrupted or hostile row must not be able to make
// a single login allocate gigabytes or spin for minutes.
const (
	maxMemoryKiB = 1 << 20 // 1 GiB
	maxTime      = 64
	minSaltLen   = 8
	minKeyLen    = 16
	maxKeyLen    = 64
)

// phcPrefix is the algorithm and version part of every hash we write (version 19 = 0x13).
var phcPrefix = fmt.Sprintf("$argon2id$v=%d$", argon2.Version)

// dummyHash has productionParams, a random salt and a random key, so no known password matches it
// (finding one would mean inverting argon2id). VerifyDummy runs against it so that a login for an
// unknown username costs the same argon2 work as one for a known username. It is a literal rather
// than computed at start-up so that importing the package costs nothing;
// TestDummyHashUsesProductionParams fails if productionParams change without it.
const dummyHash = "$argon2id$v=19$m=65536,t=2,p=1$FCNDIqmMwn+heMehhVpfQA$IEKxfw8H61omTPjp7QYTmCqRkuw9vncL7FEwkbgg8iM"

// HashPassword returns the argon2id PHC string
// `$argon2id$v=19$m=65536,t=2,p=1$<salt>$<key>` (unpadded standard base64) for plain, with a fresh
// random 16-byte salt. The parameters travel inside the string so they can be raised later without
// breaking existing hashes.
func HashPassword(plain string) (string, error) {
	return hashPasswordWith(productionParams, plain, rand.Reader)
}

// hashPasswordWith is HashPassword with explicit parameters and randomness. Tests use it with cheap
// parameters; production code always goes through HashPassword.
func hashPasswordWith(p argon2Params, plain string, random io.Reader) (string, error) {
	salt := make([]byte, p.saltLen)
	if _, err := io.ReadFull(random, salt); err != nil {
		return "", fmt.Errorf("auth: reading password salt: %w", err)
	}
	key := argon2.IDKey([]byte(plain), salt, p.time, p.memoryKiB, p.threads, p.keyLen)
	return formatPHC(p, salt, key), nil
}

func formatPHC(p argon2Params, salt, key []byte) string {
	return fmt.Sprintf("%sm=%d,t=%d,p=%d$%s$%s", phcPrefix, p.memoryKiB, p.time, p.threads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key))
}

// VerifyPassword reports whether plain matches hash, recomputing the key with the parameters stored
// in hash and comparing in constant time. err is non-nil only when hash cannot be read
// (ErrMalformedHash); a wrong password is (false, nil).
func VerifyPassword(hash, plain string) (ok bool, err error) {
	p, salt, key, err := parsePHC(hash)
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(plain), salt, p.time, p.memoryKiB, p.threads, p.keyLen)
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

// VerifyDummy spends the same work as VerifyPassword on a production-cost hash and throws the
// result away. Call it when the username is unknown (or the account cannot sign in) so that the
// answer time does not reveal which usernames exist.
func VerifyDummy(plain string) {
	// The result is meaningless by design: nobody knows the dummy password.
	_, _ = VerifyPassword(dummyHash, plain)
}

// NeedsRehash reports whether hash should be replaced by a fresh HashPassword of the same password:
// it is unreadable, or was made with parameters other than the current production policy.
func NeedsRehash(hash string) bool {
	p, salt, _, err := parsePHC(hash)
	if err != nil {
		return true
	}
	want := productionParams
	return p.memoryKiB != want.memoryKiB || p.time != want.time || p.threads != want.threads ||
		p.keyLen != want.keyLen || uint32(len(salt)) < want.saltLen
}

// parsePHC reads `$argon2id$v=19$m=..,t=..,p=..$salt$key`, enforcing the bounds above.
func parsePHC(hash string) (argon2Params, []byte, []byte, error) {
	var p argon2Params
	rest, found := strings.CutPrefix(hash, phcPrefix)
	if !found {
		return p, nil, nil, ErrMalformedHash
	}
	parts := strings.Split(rest, "$")
	if len(parts) != 3 {
		return p, nil, nil, ErrMalformedHash
	}
	if err := parseCostParams(parts[0], &p); err != nil {
		return p, nil, nil, err
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[1])
	if err != nil || len(salt) < minSaltLen {
		return p, nil, nil, ErrMalformedHash
	}
	key, err := base64.RawStdEncoding.DecodeString(parts[2])
	if err != nil || len(key) < minKeyLen || len(key) > maxKeyLen {
		return p, nil, nil, ErrMalformedHash
	}
	p.saltLen = uint32(len(salt))
	p.keyLen = uint32(len(key))
	return p, salt, key, nil
}

// parseCostParams reads "m=<KiB>,t=<passes>,p=<lanes>" in the PHC order.
func parseCostParams(s string, p *argon2Params) error {
	fields := strings.Split(s, ",")
	if len(fields) != 3 {
		return ErrMalformedHash
	}
	values := make([]uint64, 3)
	for i, name := range []string{"m", "t", "p"} {
		raw, ok := strings.CutPrefix(fields[i], name+"=")
		if !ok {
			return ErrMalformedHash
		}
		v, err := strconv.ParseUint(raw, 10, 32)
		if err != nil {
			return ErrMalformedHash
		}
		values[i] = v
	}
	memory, time, threads := values[0], values[1], values[2]
	// argon2 needs at least 8 KiB per lane and one pass; more than 255 lanes does not fit the API.
	if threads < 1 || threads > 255 || time < 1 || time > maxTime ||
		memory < 8*threads || memory > maxMemoryKiB {
		return ErrMalformedHash
	}
	p.memoryKiB, p.time, p.threads = uint32(memory), uint32(time), uint8(threads)
	return nil
}
