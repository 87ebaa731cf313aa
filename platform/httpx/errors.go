package httpx

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/platform/apperror"
)

// ErrorBody is the one error shape of the API: {"error", "code", "fields"} (DESIGN §3).
type ErrorBody struct {
	status  int
	headers http.Header
	// Message is shown to the user as is.
	Message string `json:"error"`
	// Code is one of apperror's codes.
	Code string `json:"code"`
	// Fields maps input fields to their messages.
	Fields map[string]string `json:"fields,omitempty"`
	// html, when set, is sent instead of JSON (the blocked-address page).
	html string
}

// ContentType implements huma.ContentTypeFilter: the blocked-address answer is an HTML page.
func (e *ErrorBody) ContentType(ct string) string {
	if e.html != "" {
		return htmlContentType
	}
	return ct
}

// Error implements error.
func (e *ErrorBody) Error() string { return e.Message }

// GetStatus implements huma.StatusError.
func (e *ErrorBody) GetStatus() int { return e.status }

// GetHeaders implements huma.HeadersError (Retry-After on rate limits).
func (e *ErrorBody) GetHeaders() http.Header {
	if e.headers == nil {
		return http.Header{}
	}
	return e.headers
}

// StatusOf maps an apperror code to its HTTP status: the only place where this happens.
func StatusOf(code apperror.Code) int {
	switch code {
	case apperror.CodeInvalid:
		return http.StatusUnprocessableEntity
	case apperror.CodeNotFound:
		return http.StatusNotFound
	case apperror.CodeConflict:
		return http.StatusConflict
	case apperror.CodeForbidden:
		return http.StatusForbidden
	case apperror.CodeUnauthorized:
		return http.StatusUnauthorized
	case apperror.CodeRateLimited:
		return http.StatusTooManyRequests
	case apperror.CodeSiteDisabled:
		return http.StatusServiceUnavailable
	default:
		return http.StatusInternalServerError
	}
}

// ToErrorBody converts any error into the client's error shape, logging what the client must not
// see. Errors that are not *apperror.Error are internal.
func ToErrorBody(ctx context.Context, logger *slog.Logger, err error) *ErrorBody {
	if eb, ok := err.(*ErrorBody); ok {
		return eb
	}
	if errors.Is(err, ErrAddressBlocked) {
		return &ErrorBody{status: http.StatusNotFound, Code: string(apperror.CodeNotFound), Message: "IP bloqueada", html: blockedPage}
	}
	ae := apperror.As(err)
	if ae == nil {
		ae = apperror.Internal(err)
	}
	if ae.Code == apperror.CodeInternal {
		logger.ErrorContext(ctx, "internal error", "request_id", RequestID(ctx), "error", err)
	}
	body := &ErrorBody{status: StatusOf(ae.Code), Message: ae.Message, Code: string(ae.Code), Fields: ae.Fields}
	if ae.RetryAfter > 0 {
		secs := int((ae.RetryAfter + 999_999_999) / 1_000_000_000)
		body.headers = http.Header{"Retry-After": []string{strconv.Itoa(secs)}}
	}
	return body
}

// newHumaError replaces huma's default error model so that huma's own failures (request
// validation, bad JSON, unknown content type) have the same shape as ours.
func newHumaError(status int, msg string, errs ...error) huma.StatusError {
	body := &ErrorBody{status: status, Message: msg, Code: codeForStatus(status)}
	for _, err := range errs {
		if err == nil {
			continue
		}
		if d, ok := err.(huma.ErrorDetailer); ok {
			detail := d.ErrorDetail()
			// huma names a field by where it came from ("body.name", "form.cost_cents",
			// "query.sort"); the client knows fields by name only.
			field := detail.Location
			for _, prefix := range []string{"body.", "form.", "query.", "path.", "header."} {
				field = strings.TrimPrefix(field, prefix)
			}
			if field == "" {
				field = "body"
			}
			if body.Fields == nil {
				body.Fields = map[string]string{}
			}
			body.Fields[field] = detail.Message
			continue
		}
		if body.Message == "" {
			body.Message = err.Error()
		}
	}
	if status == http.StatusUnprocessableEntity || status == http.StatusBadRequest {
		body.Message = apperror.MsgMissingFields
		if len(body.Fields) == 1 {
			for _, m := range body.Fields {
				body.Message = m
			}
		}
	}
	if status >= 500 {
		body.Message = "An unexpected error occurred. Please try again."
	}
	return body
}

func codeForStatus(status int) string {
	switch status {
	case http.StatusBadRequest, http.StatusUnprocessableEntity:
		return string(apperror.CodeInvalid)
	case http.StatusNotFound:
		return string(apperror.CodeNotFound)
	case http.StatusConflict:
		return string(apperror.CodeConflict)
	case http.StatusForbidden:
		return string(apperror.CodeForbidden)
	case http.StatusUnauthorized:
		return string(apperror.CodeUnauthorized)
	case http.StatusTooManyRequests:
		return string(apperror.CodeRateLimited)
	case http.StatusServiceUnavailable:
		return string(apperror.CodeSiteDisabled)
	default:
		return string(apperror.CodeInternal)
	}
}

// htmlContentType is the key htmlFormat is registered under. It carries a parameter on purpose:
// huma negotiates the response format by matching the bare media types of the Accept header
// against its format keys, so a key with a parameter is never chosen for a browser's
// "Accept: text/html", whose answers stay JSON; only ErrorBody.ContentType selects it.
const htmlContentType = "text/html; charset=utf-8"

// htmlFormat lets huma write an ErrorBody that carries an HTML page.
var htmlFormat = huma.Format{
	Marshal: func(w io.Writer, v any) error {
		if eb, ok := v.(*ErrorBody); ok && eb.html != "" {
			_, err := io.WriteString(w, eb.html)
			return err
		}
		return errors.New("httpx: only the blocked-address page is served as HTML")
	},
	Unmarshal: func([]byte, any) error { return errors.New("httpx: HTML request bodies are not accepted") },
}
