// Package webapp embeds the built web UI (webapp/dist, produced by `npm run build`) into the
// binaries. A tree where the UI was never built embeds only dist/.gitkeep, and the server then
// answers page requests with a hint to build it.
package webapp

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built UI rooted at dist/.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // "dist" is a literal directory embedded above; Sub cannot fail on it
	}
	return sub
}
