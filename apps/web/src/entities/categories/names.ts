import type { Category } from '@walton/contract';
import type { Language } from '@/i18n/language.ts';

type Attribute = Category['attributes'][number];

/** A category's name in the language (English or Bengali). */
export const categoryName = (category: Pick<Category, 'nameEn' | 'nameBn'>, language: Language): string =>
  language === 'bn' ? category.nameBn : category.nameEn;

/** An attribute's label in the language (English or Bengali). */
export const attributeLabel = (
  attribute: Pick<Attribute, 'labelEn' | 'labelBn'>,
  language: Language,
): string => (language === 'bn' ? attribute.labelBn : attribute.labelEn);
