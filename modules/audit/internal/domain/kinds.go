// Package domain holds the audit trail's rules: the kinds an entry's action falls into, which
// the page filters by and shows.
package domain

import "strings"

// A kind groups the actions the modules write (platform/audit) by what happened. The modules
// name their actions <entity>_<verb> (purchase_approved, user_deleted, uvt_set) or by sign-in
// step (login, login_failed, login_2fa…); a kind matches by exact action, by the verb at the
// end, or by the entity. An entry shows the first kind of Kinds it matches ("other" when none):
// a company_deleted is shown as a deletion though the settings filter finds it too.
type Kind struct {
	Name     string
	Actions  []string // exact actions
	Prefixes []string // actions starting so
	Suffixes []string // actions ending so (the verb, "_approved")
	Entities []string // every action on these entities
}

// Kinds in the order an entry's kind is decided.
var Kinds = []Kind{
	{Name: "sign_in", Prefixes: []string{"login"}, Actions: []string{"logout"}},
	{Name: "approval", Suffixes: []string{"_approved"}},
	{Name: "rejection", Suffixes: []string{"_rejected"}},
	// The advanced delete's steps before the archive (previewed, code_sent, code_failed) are part of it.
	{Name: "archive", Suffixes: []string{"_archived"}, Actions: []string{"archived"}, Prefixes: []string{"advanced_delete_"}},
	{Name: "restore", Suffixes: []string{"_restored"}, Actions: []string{"restored"}},
	{Name: "deletion", Suffixes: []string{"_deleted", "_purged"}, Actions: []string{"delete"}},
	{Name: "settings", Entities: []string{"site_settings", "tax_uvt", "company", "store"}},
	{Name: "account", Actions: []string{"profile_updated", "password_changed", "2fa_enabled", "2fa_disabled", "ip_restriction_updated"}},
	{Name: "creation", Suffixes: []string{"_created"}},
	{Name: "change", Suffixes: []string{"_updated", "_resubmitted"}},
}

// Other is the kind of an entry no kind matches.
const Other = "other"

// MsgKind is the answer to a kind filter that is not one of Kinds.
const MsgKind = "Choose a kind from the list."

// MsgRecord is the answer to a record id without the record's kind (entity).
const MsgRecord = "Choose the kind of record first."

// KindNamed returns the kind called name.
func KindNamed(name string) (Kind, bool) {
	for _, k := range Kinds {
		if k.Name == name {
			return k, true
		}
	}
	return Kind{}, false
}

// Matches reports whether an entry of action on entity is of kind k.
func (k Kind) Matches(action, entity string) bool {
	for _, a := range k.Actions {
		if action == a {
			return true
		}
	}
	for _, p := range k.Prefixes {
		if strings.HasPrefix(action, p) {
			return true
		}
	}
	for _, s := range k.Suffixes {
		if strings.HasSuffix(action, s) {
			return true
		}
	}
	for _, e := range k.Entities {
		if entity == e {
			return true
		}
	}
	return false
}

// KindOf is the kind an entry of action on entity is shown as.
func KindOf(action, entity string) string {
	for _, k := range Kinds {
		if k.Matches(action, entity) {
			return k.Name
		}
	}
	return Other
}

// Entities are the kinds of record the modules audit, the record filter's choices (the web's
// AUDIT_ENTITIES): what the modules write as the entry's entity. The advanced delete writes
// its steps as advanced_delete and its batches (archived, restored) as archive_batch.
var Entities = []string{"user", "company", "store", "site_settings", "tax_uvt", "category", "product", "customer", "supplier",
	"purchase_order", "received_order", "purchase", "purchase_return", "sale", "payment", "payment_batch", "attachment",
	"advanced_delete", "archive_batch"}

// aliases are record filters that find several entities: "archive", which the page offered
// before it named the advanced delete's two entities — no module ever wrote it —, finds both,
// so that a link kept from then still finds the archive's entries.
var aliases = map[string][]string{"archive": {"archive_batch", "advanced_delete"}}

// EntitiesOf is what the record filter entity finds: its aliases' entities, else itself.
func EntitiesOf(entity string) []string {
	if es, ok := aliases[entity]; ok {
		return es
	}
	return []string{entity}
}
