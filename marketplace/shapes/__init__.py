"""The shapes data takes between the database and a screen: one pydantic model family per entity.

Every model is a :class:`~marketplace.shapes.base.Shape`: snake_case attributes in Python (what the domain builds,
what Reflex states hold and components read) and camelCase on the wire by alias (what the JSON API answers, with
the names listed in docs/product.md). Money is exact: whole kobo from the database, :data:`~marketplace.shapes.base.
Naira` (a Decimal) in the model, formatted text for the screen, and a JSON number only at the API's edge.

One module per area (catalog, commerce, social, learning, accounts); ``base`` holds what they share.
"""
