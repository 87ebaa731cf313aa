package attachments

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/httpx"
)

// adminRole is the role that sees every company's records (DESIGN §4). It equals the auth
// module's admin role; platform cannot import modules, so it is repeated here.
const adminRole = "admin"

// cacheControl lets the browser keep a file for a year without asking again: a file never
// changes under its id (a new upload is a new id). "private" keeps shared caches from storing
// a file that only signed-in users of one company may read.
const cacheControl = "private, max-age=31536000, immutable"

type getInput struct {
	ID          int64  `path:"id" minimum:"1" doc:"Attachment id"`
	IfNoneMatch string `header:"If-None-Match" doc:"ETag of the copy the client holds"`
}

type getOutput struct {
	Status             int
	ContentType        string `header:"Content-Type"`
	ETag               string `header:"ETag"`
	CacheControl       string `header:"Cache-Control"`
	ContentDisposition string `header:"Content-Disposition"`
	NoSniff            string `header:"X-Content-Type-Options"`
	Body               []byte
}

// Routes registers GET /api/attachments/{id}: a file is served to exactly those who may read the
// record that owns it (the owner kind's ReadCheck, see AllowReads); anyone else — another
// company, a role that cannot read the owner, a kind without a rule — gets 404 "not found", as
// for a missing file, so that ids reveal nothing.
func (s *Store) Routes(api huma.API) {
	httpx.Register(api, httpx.SignedIn(), huma.Operation{
		OperationID: "get-attachment",
		Method:      http.MethodGet,
		Path:        "/api/attachments/{id}",
		Summary:     "Download an attachment",
		Description: "Serves the stored bytes with the content type found at upload, to whoever may read the " +
			"record the file belongs to (a product's images: whoever reads the product; a purchase's invoice: " +
			"whoever reads the purchase); anyone else gets 404. The ETag is the SHA-256 of the bytes; a " +
			"matching If-None-Match answers 304. Files never change under an id, so they are cacheable for a year.",
		Tags: []string{"attachments"},
		Responses: map[string]*huma.Response{
			"200": {Description: "The file", Content: map[string]*huma.MediaType{
				PNG: {}, JPEG: {}, GIF: {}, WebP: {},
			}},
			"304": {Description: "The client's copy is current"},
		},
	}, s.get)
}

func (s *Store) get(ctx context.Context, in *getInput) (*getOutput, error) {
	p, _ := httpx.PrincipalFrom(ctx)
	// The company scope is a first, cheap filter; the owner's rule decides.
	scope := Scope{CompanyID: p.CompanyID, All: p.Role == adminRole}
	info, err := s.Stat(ctx, in.ID, scope)
	if err != nil {
		return nil, err
	}
	ok, err := s.CanRead(ctx, p, info)
	if err != nil {
		return nil, apperror.Internal(fmt.Errorf("attachments: read rule of %s %d: %w", info.Owner, info.OwnerID, err))
	}
	if !ok {
		return nil, ErrNotFound
	}
	out := &getOutput{Status: http.StatusOK, CacheControl: cacheControl, NoSniff: "nosniff", ETag: etag(info.SHA256)}
	if in.IfNoneMatch != "" && etagMatches(in.IfNoneMatch, out.ETag) {
		// A revalidation reads the digest only, not the bytes.
		out.Status = http.StatusNotModified
		return out, nil
	}
	a, err := s.Get(ctx, in.ID, scope)
	if err != nil {
		return nil, err
	}
	out.ETag = etag(a.SHA256)
	out.ContentType = a.ContentType
	out.ContentDisposition = contentDisposition(a.Filename)
	out.Body = a.Data
	return out, nil
}

func etag(sum string) string { return `"` + sum + `"` }

// etagMatches applies If-None-Match's weak comparison (RFC 9110 §13.1.2): any listed tag equal
// to ours, with or without W/, or "*".
func etagMatches(header, tag string) bool {
	for part := range strings.SplitSeq(header, ",") {
		part = strings.TrimSpace(part)
		if part == "*" || strings.TrimPrefix(part, "W/") == tag {
			return true
		}
	}
	return false
}

// contentDisposition shows the file in the browser under its stored name; the RFC 5987 form
// carries non-ASCII names (CleanFilename already removed quotes and control characters).
func contentDisposition(name string) string {
	ascii := strings.Map(func(r rune) rune {
		if r > 0x7e || r < 0x20 || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, name)
	return `inline; filename="` + ascii + `"; filename*=UTF-8''` + extValue(name)
}

// extValue percent-encodes s as an RFC 8187 ext-value: every byte but attr-char.
func extValue(s string) string {
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&0xf])
	}
	return b.String()
}

// ReadParts reads the files of a multipart form's parts, each up to one byte over the size limit
// (enough to tell a file that is too big), closing them; the use case checks them (Validate), so
// its answer names the form's field. Parts not sent are skipped.
func ReadParts(files []huma.FormFile) ([]Upload, error) {
	var out []Upload
	for _, f := range files {
		if !f.IsSet {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(f.File, MaxSize+1))
		_ = f.File.Close()
		if err != nil {
			return nil, apperror.Internal(err)
		}
		out = append(out, Upload{Filename: f.Filename, Data: data})
	}
	return out, nil
}
