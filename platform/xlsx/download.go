package xlsx

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/valyala/fasthttp"

	"github.com/backoffice/backoffice/platform/apperror"
)

// Header is one export column's header: English first, then Spanish (the web app's two
// languages; the client sends i18next's language as ?lang=).
type Header [2]string

// LangQuery is an export's ?lang= parameter, the language of its column headers (the web client
// sends i18next's). Embed it in the export's huma input: huma reads the parameters of exported
// embedded structs only.
type LangQuery struct {
	Lang string `query:"lang" enum:"es,en" default:"es" doc:"Language of the column headers"`
}

// Headers returns the headers in lang: English for "en", Spanish (the default) otherwise.
func Headers(lang string, cols []Header) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c[1]
		if Lang(lang) == "en" {
			out[i] = c[0]
		}
	}
	return out
}

// business is the business time zone. The zone database is embedded (time/tzdata), so loading
// cannot fail short of a corrupt binary; Colombia's fixed UTC−5 is then the same answer.
var business = func() *time.Location {
	loc, err := time.LoadLocation(BusinessTimeZone)
	if err != nil {
		return time.FixedZone(BusinessTimeZone, -5*60*60)
	}
	return loc
}()

// FileName is an export's file name, "<entity>-YYYYMMDD.xlsx", dated now in the business time
// zone.
func FileName(entity string, now time.Time) string {
	return entity + "-" + now.In(business).Format("20060102") + ".xlsx"
}

// Disposition is the Content-Disposition header that makes the browser save the file as name.
func Disposition(name string) string { return `attachment; filename="` + name + `"` }

// File is a whole workbook as a huma response: the download's headers and its bytes.
type File struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	Body               []byte
}

// Download writes a workbook with one sheet named sheet (Write's headers and rows) into memory
// and returns it as the file <entity>-YYYYMMDD.xlsx (FileName). The file is built before the
// first byte is sent, so that a failure halfway answers with an error rather than a truncated
// file; an error that is not already an apperror is internal.
func Download(entity, sheet string, now time.Time, headers []string, rows func(yield func(row []any) error) error, opts ...Option) (*File, error) {
	var buf bytes.Buffer
	if err := Write(&buf, sheet, headers, rows, opts...); err != nil {
		return nil, apperror.OrInternal(err)
	}
	return &File{ContentType: ContentType, ContentDisposition: Disposition(FileName(entity, now)), Body: buf.Bytes()}, nil
}

// Stream is a workbook of one sheet streamed as a huma response: the download named name, its
// headers, then the rows rows yields as Write writes them. The status and headers go before the
// rows: a failure half-way is logged on log and cuts the file short, which the client sees as a
// damaged download. Lists export through it so that their rows never sit in memory at once.
//
// Nor does the file: on the fiber server (fasthttp) a handler's writes are kept in the response
// buffer until the handler returns, so a 1,000,000-row file (~35 MB, the buffer growing by
// doubling) sat whole in memory and raised the heap the collector lets grow. The workbook is
// handed to fasthttp as a body stream instead (chunked): it is written as the client reads it,
// after the handler has returned, and stops when the client goes away. rows must then not
// depend on anything the handler releases when it returns (the request's fiber context); the
// request's context.Context stays valid.
func Stream(ctx context.Context, log *slog.Logger, name, sheet string, headers []string,
	rows func(yield func([]any) error) error, opts ...Option) *huma.StreamResponse {
	return &huma.StreamResponse{Body: func(hctx huma.Context) {
		hctx.SetHeader("Content-Type", ContentType)
		hctx.SetHeader("Content-Disposition", Disposition(name))
		hctx.SetHeader("Cache-Control", "no-store")
		hctx.SetStatus(http.StatusOK)
		write := func(w io.Writer) {
			if err := Write(w, sheet, headers, rows, opts...); err != nil {
				log.ErrorContext(ctx, "export failed", "file", name, "error", err)
			}
		}
		if s, ok := hctx.BodyWriter().(bodyStreamer); ok {
			s.SetBodyStreamWriter(func(w *bufio.Writer) { write(w) })
			return
		}
		write(hctx.BodyWriter())
	}}
}

// bodyStreamer is fasthttp's request context (the fiber adapter's body writer): a response
// body written by a function as it is sent.
type bodyStreamer interface {
	SetBodyStreamWriter(fasthttp.StreamWriter)
}
