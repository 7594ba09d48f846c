/** One product category: how it is priced, what it costs us, and words to name its products. */
export interface DemoCategory {
  name: string;
  skuPrefix: string;
  /** Share of the catalogue. */
  weight: number;
  /** List prices are log-uniform between these bounds, ending in .99. */
  priceLow: number;
  priceHigh: number;
  /** Unit cost as a fraction of list price, uniform between these bounds. */
  costRatioLow: number;
  costRatioHigh: number;
  brands: readonly string[];
  productTypes: readonly string[];
}

export const CATEGORIES: readonly DemoCategory[] = [
  {
    name: 'Electronics', skuPrefix: 'ELC', weight: 16, priceLow: 10, priceHigh: 600, costRatioLow: 0.55, costRatioHigh: 0.8,
    brands: ['Voltiq', 'Lumenade', 'Northbeam', 'Arcwave', 'Pixelforge'],
    productTypes: ['Wireless Earbuds', 'Bluetooth Speaker', 'USB-C Charger', 'Smartwatch', 'Mechanical Keyboard',
      'Wireless Mouse', '4K Webcam', 'Power Bank', 'Noise-Cancelling Headphones', 'E-Reader'],
  },
  {
    name: 'Home & Kitchen', skuPrefix: 'HOM', weight: 18, priceLow: 6, priceHigh: 300, costRatioLow: 0.4, costRatioHigh: 0.65,
    brands: ['Hearthwell', 'Copperleaf', 'Nestory', 'Oak & Ember', 'Brightpan'],
    productTypes: ["Chef's Knife", 'Cast Iron Skillet', 'French Press', 'Linen Duvet Cover', 'Scented Candle',
      'Storage Basket', 'Blender', 'Ceramic Mug Set', 'Table Lamp', 'Bath Towel Set'],
  },
  {
    name: 'Apparel', skuPrefix: 'APP', weight: 20, priceLow: 8, priceHigh: 180, costRatioLow: 0.3, costRatioHigh: 0.55,
    brands: ['Tidewear', 'Northloom', 'Kestrel & Co', 'Urbanfold', 'Mossline'],
    productTypes: ['Organic T-Shirt', 'Denim Jacket', 'Wool Sweater', 'Running Shorts', 'Rain Shell',
      'Chino Trousers', 'Hoodie', 'Merino Socks', 'Sneakers', 'Beanie'],
  },
  {
    name: 'Beauty', skuPrefix: 'BTY', weight: 10, priceLow: 4, priceHigh: 80, costRatioLow: 0.25, costRatioHigh: 0.5,
    brands: ['Petalry', 'Lumea', 'Dewdrop Lab', 'Verdant Skin'],
    productTypes: ['Face Serum', 'Moisturizer', 'Lip Balm', 'Shampoo Bar', 'Sunscreen SPF 50', 'Eye Cream', 'Body Wash', 'Hair Oil'],
  },
  {
    name: 'Sports & Outdoors', skuPrefix: 'SPO', weight: 12, priceLow: 6, priceHigh: 400, costRatioLow: 0.45, costRatioHigh: 0.7,
    brands: ['Summitline', 'Trailcraft', 'Pacefield', 'Riverstone'],
    productTypes: ['Yoga Mat', 'Trail Backpack', 'Insulated Bottle', 'Camping Tent', 'Resistance Bands',
      'Bike Helmet', 'Trekking Poles', 'Sleeping Bag'],
  },
  {
    name: 'Books', skuPrefix: 'BOK', weight: 9, priceLow: 5, priceHigh: 45, costRatioLow: 0.5, costRatioHigh: 0.75,
    brands: ['Paper Lantern Press', 'Quill & Harbor', 'Meridian Books', 'Inkwell House'],
    productTypes: ['Cookbook', 'Mystery Novel', 'Travel Guide', 'Science Fiction Novel', 'Business Handbook',
      "Children's Picture Book", 'Poetry Collection', 'Biography'],
  },
  {
    name: 'Toys & Games', skuPrefix: 'TOY', weight: 8, priceLow: 5, priceHigh: 120, costRatioLow: 0.4, costRatioHigh: 0.65,
    brands: ['Playbright', 'Tinker Owl', 'Marble & Moon'],
    productTypes: ['Building Blocks Set', 'Board Game', 'Jigsaw Puzzle', 'Plush Bear', 'Remote Control Car',
      'Art Kit', 'Card Game', 'Wooden Train Set'],
  },
  {
    name: 'Grocery & Gourmet', skuPrefix: 'GRO', weight: 7, priceLow: 2, priceHigh: 35, costRatioLow: 0.55, costRatioHigh: 0.8,
    brands: ['Goldcrest Pantry', 'Fieldnote Foods', 'Bramble & Bean'],
    productTypes: ['Single-Origin Coffee', 'Loose Leaf Tea', 'Dark Chocolate Bar', 'Olive Oil', 'Hot Sauce',
      'Granola', 'Honey Jar', 'Spice Blend'],
  },
];

/** Model-line words between brand and product type: "Voltiq Pro Power Bank". */
export const PRODUCT_ADJECTIVES = [
  'Classic', 'Essential', 'Pro', 'Everyday', 'Premium', 'Compact', 'Eco', 'Deluxe',
  'Urban', 'Heritage', 'Signature', 'Lite', 'Max', 'Original', 'Studio', 'Travel',
] as const;
