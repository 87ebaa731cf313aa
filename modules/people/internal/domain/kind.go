package domain

// Kind is one of the two kinds of party the module manages. Customers and suppliers share
// every field and rule; a Kind carries what differs: names, table, messages.
type Kind struct {
	// Entity is the singular name in subjects, audit entries and operation ids ("customer").
	Entity string
	// Plural names the API path (/api/customers) and the table.
	Plural string
	// Label is the English name in messages ("Customer").
	Label string
	// Sheet names the export's worksheet per language ("en", "es").
	Sheet map[string]string
}

// Customers and Suppliers are the two kinds.
var (
	Customers = Kind{Entity: "customer", Plural: "customers", Label: "Customer",
		Sheet: map[string]string{"en": "Customers", "es": "Clientes"}}
	Suppliers = Kind{Entity: "supplier", Plural: "suppliers", Label: "Supplier",
		Sheet: map[string]string{"en": "Suppliers", "es": "Proveedores"}}
)

// Table is the SQL table holding this kind.
func (k Kind) Table() string { return k.Plural }

// MsgCannotDelete is the answer when a record is still referenced (spec §8 wording).
func (k Kind) MsgCannotDelete() string { return k.Label + " cannot be deleted" }
