"""Pages: each module registers its routes with marketplace.layouts.page when imported."""
