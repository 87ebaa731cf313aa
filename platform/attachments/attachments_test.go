package attachments_test

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/attachments"
)

func testImage() image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	img.Set(1, 1, color.RGBA{R: 200, A: 255})
	return img
}

func pngBytes(t testing.TB) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, testImage()); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jpegBytes(t testing.TB) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, testImage(), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func gifBytes(t testing.TB) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := gif.Encode(&b, testImage(), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// webpBytes is a RIFF/WEBP header with the given first chunk, padded: enough for sniffing.
func webpBytes(chunk string) []byte {
	b := []byte("RIFF\x24\x00\x00\x00WEBP" + chunk + "\x18\x00\x00\x00")
	return append(b, make([]byte, 24)...)
}

// padded returns head followed by zeros up to n bytes.
func padded(head []byte, n int) []byte {
	out := make([]byte, n)
	copy(out, head)
	return out
}

func TestValidate(t *testing.T) {
	pngHead := pngBytes(t)
	cases := []struct {
		name, filename string
		data           []byte
		wantType       string
		wantMsg        string
	}{
		{"png", "a.png", pngHead, attachments.PNG, ""},
		{"jpeg", "a.jpg", jpegBytes(t), attachments.JPEG, ""},
		{"gif", "a.gif", gifBytes(t), attachments.GIF, ""},
		{"webp lossy", "a.webp", webpBytes("VP8 "), attachments.WebP, ""},
		{"webp lossless", "a.webp", webpBytes("VP8L"), attachments.WebP, ""},
		{"webp extended", "a.webp", webpBytes("VP8X"), attachments.WebP, ""},
		{"png named .txt: content decides", "notes.txt", pngHead, attachments.PNG, ""},
		{"exactly 4 MB", "big.png", padded(pngHead, attachments.MaxSize), attachments.PNG, ""},
		{"one byte over 4 MB", "big.png", padded(pngHead, attachments.MaxSize+1), "", attachments.MsgTooLarge},
		{"huge text", "big.txt", bytes.Repeat([]byte("a"), attachments.MaxSize+10), "", attachments.MsgTooLarge},
		{"svg named .png", "x.png", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), "", attachments.MsgNotImage},
		{"html named .jpg", "x.jpg", []byte("<!DOCTYPE html><html><script>alert(1)</script></html>"), "", attachments.MsgNotImage},
		{"pdf", "x.pdf", []byte("%PDF-1.7\n%âãÏÓ\n1 0 obj"), "", attachments.MsgNotImage},
		{"riff wave is not webp", "x.webp", []byte("RIFF\x24\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00"), "", attachments.MsgNotImage},
		{"webp with unknown chunk", "x.webp", webpBytes("ABCD"), "", attachments.MsgNotImage},
		{"truncated webp", "x.webp", []byte("RIFF\x24\x00\x00\x00WEB"), "", attachments.MsgNotImage},
		{"bmp is not accepted", "x.bmp", append([]byte("BM"), make([]byte, 60)...), "", attachments.MsgNotImage},
		{"empty", "x.png", nil, "", attachments.MsgNotImage},
		{"png magic shifted by one byte", "x.png", append([]byte{0}, pngHead...), "", attachments.MsgNotImage},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ct, err := attachments.Validate(c.filename, c.data)
			if c.wantMsg == "" {
				if err != nil || ct != c.wantType {
					t.Fatalf("Validate = %q, %v; want %q", ct, err, c.wantType)
				}
				return
			}
			ae := apperror.As(err)
			if ae == nil || ae.Code != apperror.CodeInvalid || ae.Message != c.wantMsg {
				t.Fatalf("Validate = %q, %v; want invalid %q", ct, err, c.wantMsg)
			}
			if ct != "" {
				t.Errorf("content type %q returned with an error", ct)
			}
		})
	}
}

func TestReadUpload(t *testing.T) {
	up, err := attachments.ReadUpload(`C:\fakepath\..\foto "1".png`, bytes.NewReader(pngBytes(t)))
	if err != nil {
		t.Fatal(err)
	}
	if up.ContentType != attachments.PNG || up.Filename != "foto 1.png" || len(up.Data) == 0 {
		t.Errorf("upload = %q %q %d bytes", up.ContentType, up.Filename, len(up.Data))
	}

	// An oversized part is refused after reading one byte past the limit, not whole.
	r := &countingReader{r: bytes.NewReader(padded(pngBytes(t), 3*attachments.MaxSize))}
	if _, err := attachments.ReadUpload("big.png", r); apperror.As(err) == nil || apperror.As(err).Message != attachments.MsgTooLarge {
		t.Fatalf("oversized upload: %v", err)
	}
	if r.n > attachments.MaxSize+1 {
		t.Errorf("read %d bytes of an oversized upload, want at most %d", r.n, attachments.MaxSize+1)
	}

	if _, err := attachments.ReadUpload("x.png", iotest.ErrReader(bytes.ErrTooLarge)); !apperror.IsCode(err, apperror.CodeInternal) {
		t.Errorf("read failure = %v, want internal", err)
	}
}

type countingReader struct {
	r *bytes.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestCleanFilename(t *testing.T) {
	cases := map[string]string{
		"photo.png":                   "photo.png",
		"../../etc/passwd":            "passwd",
		`C:\Users\ana\foto.jpg`:       "foto.jpg",
		"a\x00b\r\nc.png":             "abc.png",
		`say "hi".gif`:                "say hi.gif",
		"":                            "file",
		"..":                          "file",
		"/":                           "file",
		"  espacio .webp ":            "espacio .webp",
		"niño-café.png":               "niño-café.png",
		"bad\xffutf8.png":             "badutf8.png",
		strings.Repeat("ñ", 150):      strings.Repeat("ñ", 100),
		strings.Repeat("a", 250) + "": strings.Repeat("a", 200),
	}
	for in, want := range cases {
		if got := attachments.CleanFilename(in); got != want {
			t.Errorf("CleanFilename(%q) = %q, want %q", in, got, want)
		}
	}
}
