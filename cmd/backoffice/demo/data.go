package demo

// The demo company's records: a small Colombian trading company that buys groceries, household
// goods and hardware from local suppliers. Names are Spanish, with accents, as the users' own
// data will be (the search ignores them).

// storeNames are the demo company's two stores.
var storeNames = []string{"Bodega Principal Bogotá", "Sede Medellín"}

// category is a category with the products the demo sells in it.
type category struct {
	name, code string
	ivaClass   string // the products' IVA class: 19, 5, exento or excluido
	service    bool   // services carry no stock
	unit       string
	costPesos  [2]int64 // range of a product's unit cost, in pesos
	// shelfDays is how long the goods keep from the day they are bought: a purchase line's
	// expiry date, which every goods line carries (three years for what does not spoil).
	shelfDays int
	products  []string
}

var categories = []category{
	{name: "Abarrotes", code: "ABA", ivaClass: "5", unit: "und", costPesos: [2]int64{2500, 18000}, shelfDays: 365, products: []string{
		"Arroz Diana 1 kg", "Aceite Gourmet 900 ml", "Azúcar Manuelita 1 kg", "Lenteja 500 g", "Fríjol cargamanto 500 g",
		"Pasta La Muñeca 500 g", "Sal Refisal 1 kg", "Harina PAN 1 kg", "Café Sello Rojo 500 g", "Panela Doña Pepa",
		"Chocolate Corona 500 g", "Atún Van Camp's 175 g"}},
	{name: "Bebidas", code: "BEB", ivaClass: "19", unit: "und", costPesos: [2]int64{1200, 9000}, shelfDays: 240, products: []string{
		"Gaseosa Postobón 1,5 L", "Agua Cristal 600 ml", "Jugo Hit 1 L", "Pony Malta 330 ml", "Té Hatsu 400 ml",
		"Gatorade 500 ml", "Colombiana 2 L", "Avena Alpina 250 ml", "Kola Román 400 ml", "Jugo Del Valle 1 L",
		"Agua Brisa con gas 600 ml", "Bretaña 300 ml"}},
	{name: "Lácteos", code: "LAC", ivaClass: "exento", unit: "und", costPesos: [2]int64{1800, 22000}, shelfDays: 45, products: []string{
		"Leche Alquería 1 L", "Queso campesino 500 g", "Yogur Alpina 1 L", "Kumis Colanta 1 L", "Mantequilla Colanta 250 g",
		"Queso doble crema 400 g", "Leche deslactosada 1 L", "Crema de leche 200 ml", "Arequipe Alpina 250 g",
		"Leche en polvo Klim 400 g", "Queso mozzarella 500 g", "Suero costeño 400 g"}},
	{name: "Aseo del hogar", code: "ASE", ivaClass: "19", unit: "und", costPesos: [2]int64{2000, 25000}, shelfDays: 540, products: []string{
		"Detergente Fab 1 kg", "Jabón Rey barra", "Limpido 1 L", "Suavizante Suavitel 1 L", "Lavaloza Axion 500 g",
		"Esponjas Bonbril x3", "Escoba plástica", "Trapero algodón", "Bolsas de basura x10", "Ambientador Glade",
		"Desinfectante Fabuloso 1 L", "Guantes de caucho"}},
	{name: "Cuidado personal", code: "CUI", ivaClass: "19", unit: "und", costPesos: [2]int64{3000, 30000}, shelfDays: 540, products: []string{
		"Crema dental Colgate 100 ml", "Jabón Protex x3", "Champú Sedal 400 ml", "Desodorante Rexona", "Papel higiénico Familia x4",
		"Toallas higiénicas Nosotras", "Crema Nivea 200 ml", "Cepillo dental Oral-B", "Máquina de afeitar Gillette",
		"Pañales Winny etapa 3", "Algodón 50 g", "Talco Mexsana"}},
	{name: "Papelería", code: "PAP", ivaClass: "19", unit: "und", costPesos: [2]int64{800, 20000}, shelfDays: 1095, products: []string{
		"Cuaderno Norma 100 hojas", "Lapicero Kilométrico", "Resma carta 500 hojas", "Cinta pegante", "Marcador Sharpie",
		"Carpeta legajadora", "Tijeras escolares", "Pegante Colbón 120 g", "Borrador Pelikan", "Lápiz Mirado 2",
		"Calculadora Casio", "Sobres manila x10"}},
	{name: "Ferretería", code: "FER", ivaClass: "19", unit: "und", costPesos: [2]int64{1500, 60000}, shelfDays: 1095, products: []string{
		"Tornillos drywall x100", "Martillo Stanley", "Cinta métrica 5 m", "Destornillador de pala", "Bombillo LED 9 W",
		"Cable eléctrico 12 AWG (m)", "Tubo PVC ½\"", "Silicona transparente", "Candado Yale 40 mm", "Brocha 2\"",
		"Pintura Pintuco 1 gal", "Llave inglesa 10\""}},
	{name: "Electrodomésticos", code: "ELE", ivaClass: "19", unit: "und", costPesos: [2]int64{45000, 420000}, shelfDays: 1095, products: []string{
		"Licuadora Oster", "Plancha Black+Decker", "Sanduchera Imusa", "Olla arrocera Kalley", "Ventilador Samurai",
		"Cafetera Universal", "Hervidor eléctrico", "Batidora de mano", "Tostadora Haceb", "Secador de pelo Remington",
		"Freidora de aire", "Extractor de jugos"}},
	{name: "Snacks y confitería", code: "SNA", ivaClass: "19", unit: "paq", costPesos: [2]int64{600, 12000}, shelfDays: 150, products: []string{
		"Papas Margarita", "Chocoramo", "Galletas Festival", "Bon Bon Bum x24", "Chocolatina Jet", "Maní La Especial",
		"Doritos", "Galletas Saltín Noel", "Gomitas Trululú", "Barquillos Piazza", "Detodito", "Choclitos"}},
	{name: "Servicios", code: "SER", ivaClass: "19", service: true, unit: "serv", costPesos: [2]int64{80000, 900000}, products: []string{
		"Transporte de mercancía", "Mantenimiento de neveras", "Fumigación de bodega", "Vigilancia mensual",
		"Soporte de software contable", "Publicidad en redes", "Asesoría tributaria", "Instalación eléctrica",
		"Aseo de oficinas", "Arriendo de montacargas", "Calibración de básculas", "Mensajería urbana"}},
}

// party is a supplier or a customer with its Colombian tax profile.
type party struct {
	name, company                  string // company: the legal name of a persona jurídica
	juridica                       bool
	docType, doc                   string // doc without check digit; a NIT gets its digit added
	city, phone, email             string
	declarante, granContribuyente  bool
	autorretenedor, ivaResponsible bool
	categories                     []int // supplier: indexes of the categories it sells
	pending, rejected              bool  // left pending, or rejected by the admin
	rejectReason                   string
	address                        string
}

// suppliers is the demo company's suppliers: legal entities of every size and people, so that
// every withholding rule of a purchase shows up (spec §5).
var suppliers = []party{
	{name: "Laura Gómez", company: "Distribuidora Andina S.A.S.", juridica: true, docType: "NIT", doc: "900123456", city: "Bogotá",
		declarante: true, ivaResponsible: true, categories: []int{0, 1}, address: "Calle 13 # 68-45"},
	{name: "Carlos Pérez", docType: "CC", doc: "79456123", city: "Bogotá", categories: []int{6, 9}, address: "Carrera 30 # 45-10"},
	{name: "Martha Lucía Herrera", company: "Comercializadora del Caribe Ltda.", juridica: true, docType: "NIT", doc: "800234567",
		city: "Barranquilla", declarante: true, granContribuyente: true, autorretenedor: true, ivaResponsible: true,
		categories: []int{0, 8}, address: "Vía 40 # 72-150"},
	{name: "Jorge Salazar", company: "Lácteos La Sabana S.A.", juridica: true, docType: "NIT", doc: "860345678", city: "Chía",
		declarante: true, granContribuyente: true, ivaResponsible: true, categories: []int{2}, address: "Km 3 vía Cajicá"},
	{name: "María Fernanda Ríos", docType: "CC", doc: "52678901", city: "Medellín", declarante: true, ivaResponsible: true,
		categories: []int{5}, address: "Calle 10 # 43-20"},
	{name: "Diana Castro", company: "Aseo Total S.A.S.", juridica: true, docType: "NIT", doc: "901456789", city: "Cali",
		declarante: true, autorretenedor: true, ivaResponsible: true, categories: []int{3, 4}, address: "Avenida 6N # 23-50"},
	{name: "Felipe Rojas", company: "Papelería Nacional S.A.S.", juridica: true, docType: "NIT", doc: "900567890", city: "Bogotá",
		declarante: true, ivaResponsible: true, categories: []int{5}, address: "Carrera 7 # 18-30"},
	{name: "Jorge Castaño", docType: "CC", doc: "71234567", city: "Medellín", declarante: true, ivaResponsible: true,
		categories: []int{6}, address: "Carrera 52 # 49-12"},
	{name: "Ricardo Mejía", company: "Bebidas del Valle S.A.", juridica: true, docType: "NIT", doc: "890678901", city: "Cali",
		declarante: true, granContribuyente: true, autorretenedor: true, ivaResponsible: true, categories: []int{1, 8},
		address: "Calle 70 # 1-50"},
	{name: "Hernán Ocampo", company: "Importadora Oriente S.A.S.", juridica: true, docType: "NIT", doc: "901789012", city: "Bucaramanga",
		declarante: true, ivaResponsible: true, categories: []int{7, 4}, address: "Carrera 27 # 36-14"},
	{name: "Paola Vargas", company: "Electro Hogar Colombia S.A.S.", juridica: true, docType: "NIT", doc: "830890123", city: "Bogotá",
		declarante: true, granContribuyente: true, ivaResponsible: true, categories: []int{7}, address: "Autopista Norte # 100-20"},
	{name: "Camilo Duarte", company: "Snacks Colombianos S.A.S.", juridica: true, docType: "NIT", doc: "900901234", city: "Pereira",
		declarante: true, ivaResponsible: true, categories: []int{8, 1}, address: "Avenida 30 de Agosto # 40-15"},
	{name: "Gustavo Peña", company: "Transportes Rápidos del Norte S.A.S.", juridica: true, docType: "NIT", doc: "901012345",
		city: "Cúcuta", declarante: true, ivaResponsible: true, categories: []int{9}, address: "Avenida 0 # 11-30"},
	{name: "Andrés Muñoz", docType: "CC", doc: "1020345678", city: "Bogotá", categories: []int{3}, pending: true,
		address: "Calle 80 # 24-60"},
	{name: "Sofía Quintero", docType: "CE", doc: "E4567890", city: "Cartagena", declarante: true, categories: []int{4},
		rejected: true, rejectReason: "El RUT adjunto está vencido; pedir uno actualizado.", address: "Bocagrande, Carrera 2 # 8-15"},
}

var firstNames = []string{"Juan", "María", "Luis", "Ana", "Carlos", "Luz", "José", "Claudia", "Andrés", "Paula", "Jhon",
	"Natalia", "Óscar", "Sandra", "Julián", "Ángela", "Mauricio", "Catalina", "Sebastián", "Valentina"}

var lastNames = []string{"Rodríguez", "Martínez", "García", "López", "González", "Hernández", "Sánchez", "Ramírez", "Torres",
	"Díaz", "Moreno", "Jiménez", "Álvarez", "Muñoz", "Rojas", "Ortiz", "Gutiérrez", "Peña", "Cárdenas", "Zapata"}

var customerCompanies = []string{"Tienda Doña Rosa", "Minimercado El Vecino S.A.S.", "Supermercado La Economía Ltda.",
	"Restaurante Sabor Paisa S.A.S.", "Hotel Los Andes S.A.", "Cafetería El Parque", "Droguería Salud Total S.A.S.",
	"Colegio San Martín"}

var cities = []string{"Bogotá", "Medellín", "Cali", "Barranquilla", "Bucaramanga", "Pereira", "Manizales", "Ibagué",
	"Villavicencio", "Santa Marta"}

var rejectReasons = []string{
	"El valor de la factura no coincide con la orden.",
	"Factura duplicada: ya fue registrada.",
	"Falta el soporte de entrega firmado.",
	"El proveedor facturó productos que no llegaron.",
}

var purchaseNotes = []string{"", "", "Entrega en la bodega principal.", "Pedido mensual.", "Pago por transferencia.",
	"Incluye flete.", ""}

var saleNotes = []string{"", "Entrega a domicilio.", "", "El cliente recoge en la sede.", "", "Pago contra entrega.", "",
	"Factura electrónica enviada al correo del cliente."}

var saleRejectReasons = []string{
	"El cliente canceló el pedido.",
	"Precio por debajo del autorizado para este cliente.",
	"El cliente tiene cartera vencida; venta solo de contado.",
}
