/** A product as the lists and the home page show it. */
export interface ProductCardDto {
  id: number;
  itemNo: string;
  cas: string | null;
  name: string;
  formula: string | null;
  purity: string;
  brandName: string;
  minPrice: string | null;
  packCount: number;
}

export interface BrandCardDto {
  id: number;
  name: string;
  logoText: string;
  country: string;
  authorised: boolean;
}
