// Package attachments keeps uploaded files — product images today, purchase attachments later —
// in the SQL store (DESIGN §1: images of at most 4 MB, rows in SQLite or PostgreSQL), and serves
// them at GET /api/attachments/{id}.
//
// Only images are accepted, and the decision is made on the file's content (its magic bytes),
// never on the name or the declared type, which the uploader chooses (DESIGN §8). Files are
// served back with the type found at upload, `X-Content-Type-Options: nosniff`, and a strong
// ETag (the SHA-256 of the bytes): a file never changes under its id, so browsers may cache it
// for a year and revalidate with If-None-Match.
//
// Owning modules attach files inside their own write's transaction (Store.Save with the
// module's tx) and decide who may attach what. Every file records its owner kind ("product",
// "purchase", "purchase_order", "received_order") and owner record, and one rule decides reads:
// a file is readable exactly by those who can read what owns it. Each owning module registers
// its kind's ReadCheck at wiring (Store.AllowReads); GET /api/attachments/{id} asks it, and a
// caller it refuses — or a kind nobody registered — gets 404, as for a missing file.
//
// Uploads: modules take files as multipart/form-data, not as base64 JSON, which costs a third
// more bytes and a copy in memory. With huma:
//
//	type createInput struct {
//		RawBody huma.MultipartFormFiles[struct {
//			Images []huma.FormFile `form:"images"`
//			Data   string          `form:"data"` // the record's JSON fields
//		}]
//	}
//
//	for _, f := range in.RawBody.Data().Images {
//		up, err := attachments.ReadUpload(f.Filename, f) // size limit + magic bytes
//		...
//		id, err := store.Save(ctx, tx, attachments.Attachment{Info: attachments.Info{CompanyID: c,
//			Owner: "product", OwnerID: productID, Filename: up.Filename, CreatedBy: userID}, Data: up.Data})
//	}
//
// The server's request body limit (platform/httpx) bounds a whole multipart request.
package attachments

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/backoffice/backoffice/platform/apperror"
)

// MaxSize is the largest file accepted, in bytes (spec §8: 4 MB).
const MaxSize = 4 << 20

// Messages the client shows (spec wording; translated in the web app).
const (
	MsgTooLarge = "Max file size should be 4MB"
	MsgNotImage = "The file must be an image (PNG, JPEG, GIF or WebP)."
	MsgNotFound = "The requested information was not found"
)

// The content types accepted, as found in the bytes.
const (
	PNG  = "image/png"
	JPEG = "image/jpeg"
	GIF  = "image/gif"
	WebP = "image/webp"
)

// Validate decides whether data may be stored and returns its content type. The filename plays
// no part in the decision on purpose: its extension is whatever the uploader chose. The error
// is an apperror (invalid) carrying MsgTooLarge or MsgNotImage; callers that show it beside a
// form field wrap the message with apperror.Field.
func Validate(filename string, data []byte) (contentType string, err error) {
	if len(data) > MaxSize {
		return "", apperror.Invalid(MsgTooLarge, nil)
	}
	ct := sniff(data)
	if ct == "" {
		return "", apperror.Invalid(MsgNotImage, nil)
	}
	return ct, nil
}

// sniff returns the image type of data, or "" when it is none of the accepted ones.
func sniff(data []byte) string {
	// WebP is checked by its own RIFF header first, so that the decision does not depend on which
	// signatures the standard library's sniffer knows.
	if isWebP(data) {
		return WebP
	}
	// DetectContentType looks at the first 512 bytes only and implements the WHATWG sniffing
	// rules; anything it does not call one of our image types (SVG is "text/xml", which could
	// carry script) is refused.
	ct := http.DetectContentType(data)
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = ct[:i]
	}
	switch ct {
	case PNG, JPEG, GIF:
		return ct
	}
	return ""
}

// isWebP checks the RIFF container header: "RIFF", a 4-byte size, "WEBP", then a VP8, VP8L or
// VP8X chunk.
func isWebP(data []byte) bool {
	if len(data) < 16 || !bytes.Equal(data[0:4], []byte("RIFF")) || !bytes.Equal(data[8:12], []byte("WEBP")) {
		return false
	}
	switch string(data[12:16]) {
	case "VP8 ", "VP8L", "VP8X":
		return true
	}
	return false
}

// Upload is a file read from a request and validated, ready for Store.Save.
type Upload struct {
	Filename    string
	ContentType string
	Data        []byte
}

// ReadUpload reads one uploaded file from r, at most MaxSize bytes (it stops reading one byte
// after the limit, so an oversized part is refused without being read whole), and validates it.
func ReadUpload(filename string, r io.Reader) (Upload, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return Upload{}, apperror.Internal(err)
	}
	ct, err := Validate(filename, data)
	if err != nil {
		return Upload{}, err
	}
	return Upload{Filename: CleanFilename(filename), ContentType: ct, Data: data}, nil
}

// maxFilenameBytes bounds a stored file name.
const maxFilenameBytes = 200

// CleanFilename returns the name a file is stored and served under: the last path element,
// without control characters or quotes (it goes into a Content-Disposition header), at most
// 200 bytes of valid UTF-8; "file" when nothing is left.
func CleanFilename(name string) string {
	name = strings.ReplaceAll(name, `\`, "/")
	name = filepath.Base("/" + name)
	if !utf8.ValidString(name) {
		name = strings.ToValidUTF8(name, "")
	}
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '"' || r == '/' {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	for len(name) > maxFilenameBytes {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	if name == "" || name == "." || name == ".." || name == "/" {
		return "file"
	}
	return name
}

// ErrNotFound is returned for a missing, deleted or out-of-scope attachment; it is the
// apperror the client sees.
var ErrNotFound = apperror.NotFound(MsgNotFound)

// IsNotFound reports whether err says the attachment is not there (for this caller).
func IsNotFound(err error) bool { return errors.Is(err, ErrNotFound) }
