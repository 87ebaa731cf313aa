package httpx

import (
	"io/fs"
	"mime"
	"path"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// webHandler serves the built single-page app: real files with long-lived caching for hashed
// assets, and index.html (never cached) for every other GET so that client-side routes load.
func webHandler(web fs.FS) fiber.Handler {
	index, _ := fs.ReadFile(web, "index.html")
	return func(c *fiber.Ctx) error {
		if c.Method() != fiber.MethodGet && c.Method() != fiber.MethodHead {
			return c.Next()
		}
		name := strings.TrimPrefix(path.Clean(c.Path()), "/")
		if name != "" && name != "index.html" {
			if data, err := fs.ReadFile(web, name); err == nil {
				if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
					c.Set(fiber.HeaderContentType, ct)
				}
				if strings.HasPrefix(name, "assets/") {
					c.Set(fiber.HeaderCacheControl, "public, max-age=31536000, immutable")
				} else {
					c.Set(fiber.HeaderCacheControl, "public, max-age=3600")
				}
				return c.Send(data)
			}
			if strings.HasPrefix(name, "assets/") || path.Ext(name) != "" {
				return c.Status(fiber.StatusNotFound).SendString("not found")
			}
		}
		if index == nil {
			return c.Status(fiber.StatusNotFound).SendString("web UI not built: run `go tool task build`")
		}
		c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
		c.Set(fiber.HeaderCacheControl, "no-cache")
		return c.Send(index)
	}
}
