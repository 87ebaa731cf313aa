package domain

// SiteStatus is the admin's site-status setting (spec §3 "Site status"). DisableSite and
// DisableAllDomains both switch the whole site off (every page but /activate and /disabled);
// DisableTimes only blocks secretary logins during those Bogota windows.
type SiteStatus struct {
	DisableSite       bool
	DisableAllDomains bool
	DisableTimes      []Window
}

// Disabled reports whether the site is switched off. The spec keeps two flags (this site, all
// domains) and does not tell them apart for a single deployment, so either one disables.
func (s SiteStatus) Disabled() bool { return s.DisableSite || s.DisableAllDomains }

// Validate checks every disable window and returns WindowErrors keyed by the index in
// DisableTimes, or nil.
func (s SiteStatus) Validate() error { return validateWindows(s.DisableTimes) }
