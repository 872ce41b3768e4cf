"""The course pages of the demo catalog's creative courses (courses_creative.py); see course_pages."""

from __future__ import annotations

from marketplace.demo.records import DemoCoursePage as P

CREATIVE_PAGES: dict[str, P] = {
    "UI/UX Design Fundamentals with Figma": P(
        subtitle="Design clean, usable app and web screens in Figma from a blank canvas",
        learn=(
            "Find your way around Figma: frames, layers, components and auto layout",
            "Apply layout, typography and colour principles to real screens",
            "Design a complete mobile banking app flow",
            "Turn designs into clickable prototypes and test them",
            "Hand off designs developers can build exactly",
        ),
        requirements=(
            "A computer and a free Figma account",
            "No design experience needed",
        ),
        audience=(
            "Beginners who want to become product designers",
            "Developers who want their apps to look better",
            "Graphic designers moving into digital products",
        ),
    ),
    "UX Research: Talking to Real Users": P(
        subtitle="Plan interviews and usability tests that change what your team builds",
        learn=(
            "Write research questions that lead to useful answers",
            "Recruit participants on a small budget",
            "Run interviews and usability tests without leading people",
            "Turn notes into clear findings and recommendations",
        ),
        requirements=(
            "Basic understanding of how apps and websites are designed",
            "No research background needed",
        ),
        audience=(
            "Product designers and product managers",
            "Founders who want to understand their customers",
        ),
    ),
    "Mobile App Design: From Sketch to Prototype": P(
        subtitle="Design iOS and Android apps that feel natural in people's hands",
        learn=(
            "Sketch ideas quickly before opening any design tool",
            "Follow iOS and Material Design patterns for navigation and controls",
            "Design for small screens, slow networks and one-handed use",
            "Build a realistic prototype with transitions in Figma",
        ),
        requirements=(
            "Figma basics (our UI/UX Fundamentals course is enough)",
            "A smartphone to preview your designs",
        ),
        audience=(
            "UI designers focusing on mobile",
            "Founders planning their first app",
        ),
    ),
    "Logo Design and Brand Identity": P(
        subtitle="Create logos and brand systems that clients remember and pay for",
        learn=(
            "Research a client's business before sketching a single idea",
            "Sketch, refine and vectorise logo concepts",
            "Choose brand colours and typefaces that work together",
            "Present concepts and a brand guide that clients approve",
        ),
        requirements=(
            "Adobe Illustrator, Affinity Designer or the free Inkscape",
            "Basic familiarity with a design tool",
        ),
        audience=(
            "Graphic designers who want to specialise in branding",
            "Entrepreneurs designing their own brand",
        ),
    ),
    "Graphic Design Basics: Typography, Colour and Layout": P(
        subtitle="The principles behind every good flyer, poster and social media design",
        learn=(
            "Pair typefaces and set text that is easy to read",
            "Choose colour palettes with purpose and good contrast",
            "Arrange layouts with hierarchy, alignment and white space",
            "Critique and improve your own designs",
        ),
        requirements=(
            "Any design tool you like: Canva, Photoshop or Affinity",
            "No experience needed",
        ),
        audience=(
            "Beginners starting in graphic design",
            "Marketers and business owners who design their own flyers",
        ),
    ),
    "Canva for Business Owners": P(
        subtitle="Professional flyers, posts and presentations without hiring a designer",
        learn=(
            "Set up a brand kit with your logo, colours and fonts",
            "Design social media posts and flyers from templates",
            "Create simple videos and animated posts for Instagram and WhatsApp",
            "Make presentations and price lists that look professional",
        ),
        requirements=(
            "A free Canva account on a phone or computer",
            "Your logo and brand colours, if you have them (we make simple ones if not)",
        ),
        audience=(
            "Small business owners who make their own marketing materials",
            "Church, school and community volunteers",
        ),
    ),
    "Drawing for Beginners: Learn to See": P(
        subtitle="Train your eye and hand with simple exercises, one sketch at a time",
        learn=(
            "Draw what you see, not what you think you see",
            "Use basic shapes to build any object",
            "Show light and shadow with simple shading",
            "Draw in perspective and sketch people and faces",
        ),
        requirements=(
            "Pencils (HB and 2B), an eraser and plain paper",
            "No talent required, just practice",
        ),
        audience=(
            "Adults who always wanted to learn to draw",
            "Teenagers preparing for art classes",
        ),
    ),
    "Acrylic Painting: Nigerian Landscapes and Markets": P(
        subtitle="Paint the colour and movement of Nigerian scenes in acrylics",
        language="Yoruba",
        learn=(
            "Choose and care for acrylic paints, brushes and canvases",
            "Mix vibrant colours and skin tones",
            "Paint skies, savannah and coastal landscapes in layers",
            "Capture busy market scenes with figures and stalls",
        ),
        requirements=(
            "A basic acrylic paint set, brushes and canvas boards (a shopping list is provided)",
            "Basic drawing skills help but are not required",
        ),
        audience=(
            "Beginner and hobby painters",
            "Artists who want to paint Nigerian life",
        ),
    ),
    "Digital Illustration with Procreate": P(
        subtitle="Draw, colour and finish illustrations on your iPad",
        learn=(
            "Set up Procreate brushes, layers and canvases",
            "Ink clean line art and colour it with blending modes",
            "Add light, shadow and texture to your illustrations",
            "Export work for print and social media",
        ),
        requirements=(
            "An iPad with an Apple Pencil and Procreate installed",
            "Basic drawing practice helps",
        ),
        audience=(
            "Traditional artists moving to digital",
            "Aspiring illustrators and comic artists",
        ),
    ),
    "Smartphone Photography: Pro Photos with Your Phone": P(
        subtitle="Take sharp, well-lit photos for your business and your memories with any phone",
        learn=(
            "Use your phone camera's pro settings: focus, exposure and HDR",
            "Compose photos with the rule of thirds and leading lines",
            "Use window light and cheap reflectors for products and portraits",
            "Edit photos on your phone with Snapseed and Lightroom Mobile",
        ),
        requirements=(
            "Any smartphone with a camera",
            "The free Snapseed or Lightroom Mobile app for the editing lessons",
        ),
        audience=(
            "Online sellers who photograph their products",
            "Anyone who wants better photos without buying a camera",
        ),
    ),
    "Portrait Photography and Lighting": P(
        subtitle="Flattering portraits with natural light, flash and studio setups",
        learn=(
            "Choose lenses and settings for sharp, flattering portraits",
            "Use natural light outdoors and by a window",
            "Set up one- and two-light studio portraits",
            "Pose and direct people so they look relaxed",
            "Photograph all skin tones beautifully",
        ),
        requirements=(
            "A camera with manual mode (DSLR or mirrorless)",
            "Basic knowledge of aperture, shutter speed and ISO",
        ),
        audience=(
            "Hobby photographers ready to photograph people",
            "New professionals building a portrait business",
        ),
    ),
    "Photo Editing in Lightroom": P(
        subtitle="A fast, consistent editing workflow from import to export",
        learn=(
            "Organise your photos with catalogues, collections and keywords",
            "Correct exposure, colour and white balance",
            "Retouch skin and remove distractions",
            "Create presets for a consistent style",
        ),
        requirements=(
            "Adobe Lightroom Classic or Lightroom (a trial is fine)",
            "Your own photos to practise on (sample files are provided too)",
        ),
        audience=(
            "Photographers who spend too long editing",
            "Content creators who want a signature look",
        ),
    ),
    "The Business of Photography: Weddings, Events and Clients": P(
        subtitle="Turn your photography into a business with steady bookings and fair prices",
        learn=(
            "Price wedding and event packages that pay your bills",
            "Write contracts that protect you and your clients",
            "Find clients through referrals, Instagram and vendors",
            "Deliver photos on time and get great reviews",
        ),
        requirements=(
            "You can already take good photos",
            "A portfolio of at least a few shoots",
        ),
        audience=(
            "Photographers starting to charge for their work",
            "Part-time photographers ready to go full time",
        ),
    ),
    "Afrobeats Production in FL Studio": P(
        subtitle="Make log drums, percussion and melodies that sound like the charts",
        learn=(
            "Program Afrobeats drum and percussion patterns",
            "Write chord progressions and melodies that suit the genre",
            "Arrange a full song from intro to outro",
            "Mix your beat so it sounds loud and clear on phones",
        ),
        requirements=(
            "FL Studio (the trial works for learning)",
            "Headphones; a MIDI keyboard helps but is not required",
        ),
        audience=(
            "Beginner producers who love Afrobeats and Amapiano",
            "Artists who want to make their own beats",
        ),
    ),
    "Piano for Beginners: Chords, Worship and Pop": P(
        subtitle="Play the chords behind worship songs and pop hits in weeks, not years",
        learn=(
            "Find your way around the keyboard and play with good posture",
            "Play major and minor chords in every key",
            "Accompany worship songs and pop hits by ear",
            "Read simple chord charts and play in a band",
        ),
        requirements=(
            "A keyboard or piano (61 keys is enough)",
            "No music reading needed",
        ),
        audience=(
            "Church musicians and choir members",
            "Adults who always wanted to play",
        ),
    ),
    "Music Theory Without Tears": P(
        subtitle="Scales, chords and rhythm explained simply for any instrument",
        learn=(
            "Read notes and rhythms on the staff",
            "Build scales and understand keys",
            "Build chords and see why progressions work",
            "Use theory to write and learn songs faster",
        ),
        requirements=(
            "Access to any instrument, or a free piano app",
            "No ability to read music yet: we start from the first note",
        ),
        audience=(
            "Self-taught musicians filling the gaps",
            "Singers and producers who want to talk with other musicians",
        ),
    ),
}
