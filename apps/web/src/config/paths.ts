// Every route of spec.md section 2, in one place. Pages and links import these; never a literal.
export const paths = {
  login: '/login',
  forgotPassword: '/forgot-password',
  verifyCode: '/verify-code',
  setPassword: '/set-password',
  logout: '/logout',
  unauthorized: '/unauthorized',

  home: '/',
  profile: '/profile',
  income: '/income',
  outcome: '/outcome',
  inventory: '/inventory',
  buy: '/buy',
  sell: '/sell',
  chat: '/chat',
  // DESIGN.md section 13: a conversation open in the chat (the id optional: /chat is the list).
  chatConversation: '/chat/:conversationId?',
  // An offer's thread: looked up (created on first use), then /chat/<its id>.
  offerChat: '/chat/offer/:offerId',
  history: '/history',
  transactions: '/transactions',
  // One offer, with its actions and its thread (the bell's offer notifications open it).
  offer: '/offers/:id',

  // DESIGN.md section 19: documents, each kind's list and card on one shell, and the counter.
  // spec.md's one-line /sell and /buy forms stay; the counter is /sell/new.
  document: {
    sales: '/sales',
    sale: '/sales/:id',
    // A sale's receipt for a phone's screen; the paper receipt's QR code opens it.
    receipt: '/sales/:id/receipt',
    purchases: '/purchases',
    purchase: '/purchases/:id',
    newPurchase: '/purchases/new',
    counter: '/sell/new',
    // DESIGN.md section 20: returns, each started from a posted sale's or purchase's card.
    returns: '/returns',
    return: '/returns/:id',
    saleReturn: '/sales/:id/return',
    purchaseReturn: '/purchases/:id/return',
    // DESIGN.md section 20: stock counts (inventarizatsiya), their list and a count's page.
    stockCounts: '/stock-counts',
    stockCount: '/stock-counts/:id',
    // DESIGN.md section 21: production orders.
    productions: '/production',
    production: '/production/:id',
    newProduction: '/production/new',
  },
  // DESIGN.md section 22: the department's own cash shift, and the shifts the Owner reads.
  shift: '/shift',
  shifts: '/shifts',
  shiftCard: '/shifts/:id',

  // DESIGN.md section 11: the dashboard and the reports. /balances only sends old links to /.
  dashboard: '/dashboard',
  balances: '/balances',
  reports: {
    root: '/reports',
    sales: '/reports/sales',
    stockMovement: '/reports/stock-movement',
    cashFlow: '/reports/cash-flow',
    debtsAgeing: '/reports/debts-ageing',
    // DESIGN.md section 20: the losses of transfers received short.
    transitLosses: '/reports/transit-losses',
    // DESIGN.md section 21: what production orders cost.
    production: '/reports/production',
    // DESIGN.md section 22: shift differences, transit losses and stock-count variances together.
    losses: '/reports/losses',
  },

  // DESIGN.md section 12: counterparties (a card per counterparty) and the debt book.
  counterparties: '/counterparties',
  counterparty: '/counterparties/:id',
  debts: '/debts',

  catalog: {
    root: '/catalog',
    products: '/catalog/products',
    productsRaw: '/catalog/products/raw',
    productsSemi: '/catalog/products/semi',
    productsFinished: '/catalog/products/finished',
    unit: '/catalog/unit',
    size: '/catalog/size',
    color: '/catalog/color',
    location: '/catalog/location',
    // DESIGN.md section 19: not one of spec.md's header tabs; reached from the catalogue's header.
    priceTypes: '/catalog/price-types',
    // DESIGN.md section 21: the recipes, reached from the catalogue's header like the price types.
    recipes: '/catalog/recipes',
    newRecipe: '/catalog/recipes/new',
    recipe: '/catalog/recipes/:id',
    editRecipe: '/catalog/recipes/:id/edit',
  },

  // DESIGN.md section 9: the administrators' area.
  admin: {
    root: '/admin',
    users: '/admin/users',
    currencies: '/admin/currencies',
    balances: '/admin/balances',
    settings: '/admin/settings',
    import: '/admin/import',
  },
} as const;
