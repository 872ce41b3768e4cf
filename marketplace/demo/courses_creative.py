"""Demo courses in Design, Art & Design, Photography and Music. Prices are whole naira."""

from __future__ import annotations

from marketplace.demo.records import DemoCourse as C

CREATIVE_COURSES: tuple[C, ...] = (
    C(
        title="UI/UX Design Fundamentals with Figma",
        instructor="chiamaka",
        categories=("Design",),
        price=25_000,
        original_price=35_000,
        level="Beginner",
        hours=14,
        description=(
            "Go from blank canvas to a clickable app prototype. You will learn the principles of good interface "
            "design, master Figma's tools and design a complete food delivery app for your portfolio."
        ),
        lessons=(
            "Welcome and what you will design | UI versus UX | Getting around Figma | Frames, shapes and text | "
            "Colour and contrast | Typography for screens | Layout grids and spacing | Auto layout | Components and "
            "variants | Icons and images | Designing the home screen | Designing the menu and cart | Checkout and "
            "payment screens | Prototyping and interactions | Usability testing your prototype | Handing off to "
            "developers | Presenting your case study | Building your portfolio"
        ),
    ),
    C(
        title="UX Research: Talking to Real Users",
        instructor="chiamaka",
        categories=("Design",),
        price=20_000,
        original_price=None,
        level="Intermediate",
        hours=7,
        description=(
            "Great products start with understanding people. Learn to plan research, run interviews and usability "
            "tests, and turn what you hear into decisions your team will act on."
        ),
        lessons=(
            "Why research beats opinions | Planning a research project | Recruiting participants in Nigeria | "
            "Writing an interview guide | Running interviews | Usability testing | Surveys that give honest answers "
            "| Synthesis with affinity mapping | Personas and journey maps | Sharing findings with your team"
        ),
    ),
    C(
        title="Mobile App Design: From Sketch to Prototype",
        instructor="chiamaka",
        categories=("Design",),
        price=30_000,
        original_price=None,
        level="Intermediate",
        hours=12,
        description=(
            "Design mobile apps that feel natural on Android and iOS. From paper sketches to high-fidelity screens, "
            "learn the patterns, gestures and constraints of small screens and slow networks."
        ),
        lessons=(
            "Designing for phones first | Android and iOS guidelines | Sketching ideas on paper | User flows | "
            "Wireframes | Navigation patterns | Forms on small screens | Designing for slow networks and offline | "
            "Onboarding screens | Empty, loading and error states | High-fidelity screens | Dark mode | Motion and "
            "micro-interactions | Accessibility on mobile | Prototype and test | Portfolio case study"
        ),
    ),
    C(
        title="Logo Design and Brand Identity",
        instructor="zainab",
        categories=("Design", "Art & Design"),
        price=22_000,
        original_price=28_000,
        level="Intermediate",
        hours=10,
        description=(
            "Design logos and brand identities that clients pay good money for. Follow the full process from the "
            "client brief to the brand guidelines, and learn how to present and price your work."
        ),
        lessons=(
            "What a brand really is | The client brief | Research and mood boards | Sketching logo ideas | Logo "
            "types and when to use them | Building the logo in Illustrator | Choosing brand colours | Choosing "
            "typefaces | Brand patterns and graphics | Mock-ups: signage, packaging and social | Writing brand "
            "guidelines | Presenting to the client | Handling feedback and revisions | Pricing your branding work | "
            "Project: a brand for a Jollof restaurant"
        ),
    ),
    C(
        title="Graphic Design Basics: Typography, Colour and Layout",
        instructor="zainab",
        categories=("Design", "Art & Design"),
        price=9_500,
        original_price=None,
        level="Beginner",
        hours=8,
        description=(
            "Learn the rules every good designer knows, and when to break them. Through posters, flyers and social "
            "media graphics you will practise typography, colour, hierarchy and layout."
        ),
        lessons=(
            "What graphic designers do | Elements of design | Principles of design | Typography basics | Pairing "
            "fonts | Colour theory for designers | Visual hierarchy | Grids and alignment | Working with images | "
            "Designing a flyer | Designing social media graphics | Preparing files for print | Getting feedback"
        ),
    ),
    C(
        title="Canva for Business Owners",
        instructor="zainab",
        categories=("Design", "Marketing"),
        price=4_500,
        original_price=None,
        level="Beginner",
        hours=3,
        description=(
            "Create professional flyers, social posts and presentations in minutes, even if you have never designed "
            "anything. Perfect for busy business owners who cannot yet afford a designer."
        ),
        lessons=(
            "Getting started with Canva | Using templates the smart way | Your brand kit | Designing Instagram "
            "posts | Flyers and price lists | Quick presentations"
        ),
    ),
    C(
        title="Drawing for Beginners: Learn to See",
        instructor="kelechi",
        categories=("Art & Design",),
        price=8_000,
        original_price=None,
        level="Beginner",
        hours=8,
        description=(
            "Anyone can learn to draw. This course trains your eye and hand with simple exercises, then builds up "
            "to still life, portraits and scenes from everyday Nigerian life."
        ),
        lessons=(
            "Materials you need | Holding the pencil and warming up | Seeing shapes, not things | Contour drawing | "
            "Proportion and measuring | Light and shadow | Shading techniques | Perspective basics | Drawing still "
            "life | Drawing faces | Sketching people in motion | Drawing a market scene"
        ),
    ),
    C(
        title="Acrylic Painting: Nigerian Landscapes and Markets",
        instructor="kelechi",
        categories=("Art & Design",),
        price=16_000,
        original_price=22_000,
        level="Intermediate",
        hours=10,
        description=(
            "Paint vibrant scenes of Nigerian landscapes, markets and streets in acrylics. Learn colour mixing, "
            "brushwork and composition while completing five finished paintings."
        ),
        lessons=(
            "Acrylic materials and setting up | Colour mixing | Brushes and brushwork | Composition for painters | "
            "Painting skies | Trees and the savannah | Water and the lagoon | Painting buildings | Figures in a "
            "crowd | Painting 1: the Lagos lagoon at dusk | Painting 2: a busy market | Painting 3: Zuma Rock | "
            "Varnishing and framing"
        ),
    ),
    C(
        title="Digital Illustration with Procreate",
        instructor="kelechi",
        categories=("Art & Design", "Design"),
        price=19_500,
        original_price=None,
        level="Intermediate",
        hours=9,
        description=(
            "Bring your drawings to the iPad. Learn Procreate's brushes, layers and colour tools and create "
            "illustrations for book covers, posters and social media."
        ),
        lessons=(
            "Setting up Procreate | Brushes and the brush studio | Layers and blend modes | Sketching digitally | "
            "Clean line art | Flat colours and fills | Shading and lighting | Textures | Character illustration | "
            "Illustrating a book cover | Lettering basics | Animating with Procreate | Exporting for print and web "
            "| Selling your illustrations"
        ),
    ),
    C(
        title="Smartphone Photography: Pro Photos with Your Phone",
        instructor="ibrahim",
        categories=("Photography",),
        price=5_500,
        original_price=None,
        level="Beginner",
        hours=4,
        description=(
            "Your phone is a powerful camera. Learn light, composition and editing to take photos of products, "
            "people and places that look professional, with no extra equipment."
        ),
        lessons=(
            "Know your phone camera | Cleaning the lens and holding steady | Composition: the rule of thirds | "
            "Finding good light | Portraits with a phone | Product photos for your online shop | Food photography | "
            "Night photos | Editing with free apps"
        ),
    ),
    C(
        title="Portrait Photography and Lighting",
        instructor="ibrahim",
        categories=("Photography", "Art & Design"),
        price=24_000,
        original_price=None,
        level="Intermediate",
        hours=9,
        description=(
            "Make portraits that flatter every skin tone. Master natural light, reflectors and studio flash, direct "
            "your subjects with confidence and edit for a consistent, professional look."
        ),
        lessons=(
            "What makes a great portrait | Lenses and settings for portraits | Exposure for darker skin tones | "
            "Natural window light | Outdoor light and shade | Reflectors and diffusers | One-light studio setups | "
            "Two and three light setups | Posing and directing people | Group portraits | Retouching skin naturally "
            "| Colour grading | Building a portrait portfolio"
        ),
    ),
    C(
        title="Photo Editing in Lightroom",
        instructor="ibrahim",
        categories=("Photography",),
        price=13_000,
        original_price=18_000,
        level="Beginner",
        hours=6,
        description=(
            "Edit faster and better with Adobe Lightroom. Organise thousands of photos, make consistent edits and "
            "create presets that give your work a recognisable style."
        ),
        lessons=(
            "Lightroom Classic versus Lightroom | Importing and organising | Ratings, flags and collections | The "
            "basic panel | Tone curves | Colour and HSL | Local adjustments and masks | Sharpening and noise | "
            "Creating presets | Batch editing an event | Exporting for web and print"
        ),
    ),
    C(
        title="The Business of Photography: Weddings, Events and Clients",
        instructor="ibrahim",
        categories=("Photography", "Business"),
        price=18_500,
        original_price=None,
        level="Intermediate",
        hours=6,
        description=(
            "Turn your camera into a business. Find clients, price weddings and events profitably, write contracts "
            "and deliver work that earns referrals."
        ),
        lessons=(
            "Is photography a real business? | Choosing your niche | Building a portfolio that sells | Pricing "
            "weddings and events | Contracts and deposits | Finding clients online and offline | The wedding day "
            "workflow | Delivering photos and albums | Getting referrals and reviews"
        ),
    ),
    C(
        title="Afrobeats Production in FL Studio",
        instructor="temitope",
        categories=("Music",),
        price=35_000,
        original_price=50_000,
        level="Intermediate",
        hours=15,
        description=(
            "Produce Afrobeats songs from the first drum pattern to the final mix. Learn the rhythms, chords and "
            "sounds behind today's hits, and finish three complete beats in FL Studio."
        ),
        lessons=(
            "Welcome and the sound of Afrobeats | FL Studio setup and workflow | The channel rack and patterns | "
            "Afrobeats drum patterns | Shakers, percussion and the groove | Chord progressions that work | Writing "
            "melodies | Basslines and the log drum | Choosing sounds and plugins | Arranging a full song | "
            "Recording vocals at home | Vocal editing and tuning | Mixing drums | Mixing the full beat | Using "
            "reference tracks | Project: a mid-tempo Afrobeats beat | Project: an Amapiano-inspired beat | "
            "Exporting and sharing your music | Selling beats online"
        ),
    ),
    C(
        title="Piano for Beginners: Chords, Worship and Pop",
        instructor="temitope",
        categories=("Music",),
        price=11_000,
        original_price=None,
        level="Beginner",
        hours=10,
        description=(
            "Play the songs you love on piano or keyboard. Learn chords, inversions and rhythms used in church "
            "worship and pop music, with slow, clear demonstrations for every exercise."
        ),
        lessons=(
            "Getting to know the keyboard | Posture and finger numbers | Notes and the musical alphabet | Major "
            "scales | Your first chords | Minor chords | Chord inversions | Playing with both hands | Rhythm and "
            "timing | Common worship progressions | Playing pop songs | Passing chords | Seventh chords | Playing "
            "by ear | Accompanying a singer | Practice routines that work"
        ),
    ),
    C(
        title="Music Theory Without Tears",
        instructor="temitope",
        categories=("Music",),
        price=7_000,
        original_price=None,
        level="Beginner",
        hours=5,
        description=(
            "Understand the music you play and produce. Scales, keys, chords and rhythm explained in plain words, "
            "with examples from Afrobeats, highlife and gospel."
        ),
        lessons=(
            "Why learn theory | Notes, octaves and intervals | Major and minor scales | Keys and the circle of "
            "fifths | Building chords | Chord progressions | Rhythm and time signatures | Melody writing | Theory "
            "in highlife and Afrobeats"
        ),
    ),
)
