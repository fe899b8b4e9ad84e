/**
 * The seeded category tree, part one (positions 0–16). One line per category: `id|名称|English|
 * prompt fragment`, indented two spaces per level; a top-level line names its group key (see
 * classifyGroups in @huijing/contracts), whose position is fixed. Ids are stable: tool defaults
 * and saved tasks refer to them. The text is parsed by ./catalog.ts.
 */
export const taxonomyPartOne = `
interior-style|室内风格|Interior styles
  family-modern|现代|Modern
    style-modern-minimal|现代简约|Modern minimalist|modern minimalist interior, clean lines, neutral palette, uncluttered surfaces, soft natural light
    style-minimal|极简|Minimalism|minimalist interior, monochrome palette, hidden storage, seamless surfaces, pure geometry
    style-light-luxury|轻奢|Light luxury|light luxury interior, brushed brass accents, marble, velvet, refined elegant details
    style-cream|奶油风|Cream style|cream style interior, warm off-white and beige tones, rounded furniture, soft textures, cosy
    style-italian-minimal|意式极简|Italian minimalism|italian minimalist interior, low-profile furniture, dark wood and leather, premium stone
    style-bauhaus|包豪斯|Bauhaus|bauhaus interior, primary colour accents, tubular steel furniture, functional geometry
    style-memphis|孟菲斯|Memphis|memphis design interior, bold colours, playful geometric patterns, terrazzo
  family-chinese|中式|Chinese
    style-new-chinese|新中式|New Chinese|new chinese style interior, walnut wood, lattice screens, ink painting, symmetrical layout, zen calm
    style-song|宋式美学|Song aesthetics|song dynasty aesthetic interior, restrained wood, paper lanterns, tea table, understated elegance
    style-chinese-classic|中式古典|Classical Chinese|classical chinese interior, carved rosewood furniture, red lacquer, traditional motifs
  family-european|欧式|European
    style-french|法式|French|french style interior, ornate mouldings, herringbone parquet, curved furniture, romantic soft colours
    style-neoclassical|新古典|Neoclassical|neoclassical interior, columns and mouldings, symmetrical, muted gold, elegant chandelier
    style-mediterranean|地中海|Mediterranean|mediterranean interior, whitewashed walls, blue accents, arches, terracotta tiles
    style-nordic|北欧|Scandinavian|scandinavian interior, light oak, white walls, wool textiles, hygge, plants
  family-american|美式|American
    style-american|美式|American|american style interior, comfortable sofas, wood panelling, warm lighting, classic details
    style-modern-american|现代美式|Modern American|modern american interior, transitional furniture, neutral colours, shaker cabinets
    style-industrial|工业风|Industrial|industrial loft interior, exposed brick, concrete, black steel, edison bulbs
  family-japanese|日式|Japanese
    style-japanese-wood|日式原木|Japanese natural wood|japanese interior, natural ash wood, tatami, shoji screens, calm minimal
    style-wabi-sabi|侘寂|Wabi-sabi|wabi-sabi interior, textured plaster walls, earthy tones, imperfect handmade objects, quiet light
    style-muji|原木无印|Muji style|muji style interior, light wood, linen, simple storage, soft daylight
  family-eclectic|复古与混搭|Retro and eclectic
    style-mid-century|中古风|Mid-century modern|mid-century modern interior, teak furniture, tapered legs, vintage lamps, warm tones
    style-hong-kong|港式|Hong Kong style|hong kong style interior, glossy surfaces, gold trims, compact luxury, mirrors
    style-southeast-asian|东南亚|Southeast Asian|southeast asian interior, teak and rattan, tropical plants, woven textures
    style-bohemian|波西米亚|Bohemian|bohemian interior, layered rugs, macrame, rattan, eclectic patterns, plants
home-space|家装空间|Home spaces
  zone-public|公共区域|Living areas
    space-living|客厅|Living room|living room, sofa, coffee table, tv wall
    space-dining|餐厅|Dining room|dining room, dining table and chairs, pendant lamp
    space-entrance|玄关|Entrance|entrance hall, shoe cabinet, bench, mirror
    space-open-kitchen|开放式厨房|Open kitchen|open kitchen with island, bar stools
  zone-private|私密区域|Private rooms
    space-bedroom|卧室|Bedroom|bedroom
      space-master-bedroom|主卧|Master bedroom|master bedroom, king bed, bedside tables, soft headboard
      space-second-bedroom|次卧|Guest bedroom|guest bedroom, double bed, wardrobe
      space-kids-room|儿童房|Kids' room|children's bedroom, playful, safe rounded furniture, toys storage
      space-elderly-room|老人房|Elderly room|bedroom for elderly, accessible, warm and calm
    space-study|书房|Study|home study, bookshelves, desk, reading chair
    space-walk-in|衣帽间|Walk-in closet|walk-in closet, wardrobe system, island drawers
  zone-function|功能区域|Service rooms
    space-kitchen|厨房|Kitchen|kitchen, cabinets, countertop, range hood
    space-bathroom|卫生间|Bathroom|bathroom, vanity, shower glass, wall tiles
    space-laundry|洗衣房|Laundry|laundry room, washer and dryer, utility sink
    space-tea-room|茶室|Tea room|tea room, tea table, low seating, calm
  zone-outdoor|户外区域|Outdoor areas
    space-balcony|阳台|Balcony|balcony, outdoor chairs, plants
    space-terrace|露台|Terrace|roof terrace, lounge seating, planters
    space-courtyard|入户庭院|Private courtyard|private courtyard garden
commercial-space|工装空间|Commercial spaces
  type-office|办公|Office
    space-open-office|开放办公区|Open office|open plan office, workstations, collaborative
    space-meeting-room|会议室|Meeting room|meeting room, conference table, screen
    space-office-lobby|前台接待|Reception|office reception, logo wall, front desk
    space-executive-office|总裁办公室|Executive office|executive office, large desk, lounge corner
  type-dining|餐饮|Food and beverage
    space-restaurant|餐厅|Restaurant|restaurant
      space-chinese-restaurant|中餐厅|Chinese restaurant|chinese restaurant, round tables, private dining rooms
      space-western-restaurant|西餐厅|Western restaurant|western restaurant, banquettes, ambient lighting
      space-hotpot|火锅店|Hotpot restaurant|hotpot restaurant, induction tables, lively
    space-cafe|咖啡厅|Café|café, coffee bar, cosy seating
    space-tea-house|茶饮店|Tea shop|tea drinks shop, counter, queue area
    space-bar|酒吧|Bar|bar, back bar shelves, moody lighting
  type-hotel|酒店|Hotel
    space-hotel-lobby|酒店大堂|Hotel lobby|hotel lobby, reception desk, lounge, grand chandelier
    space-guest-room|客房|Guest room|hotel guest room, bed, writing desk, bathroom glass
    space-homestay|民宿|Boutique homestay|boutique homestay, local materials, cosy
  type-retail|零售|Retail
    space-clothing-store|服装店|Fashion store|fashion boutique, display racks, fitting rooms
    space-showroom|展厅|Showroom|product showroom, display platforms, spotlights
    space-sales-center|售楼处|Sales centre|real estate sales centre, sand table model, negotiation area
  type-education|教育|Education
    space-classroom|教室|Classroom|classroom, desks, whiteboard
    space-kindergarten|幼儿园|Kindergarten|kindergarten, colourful, child-scale furniture
    space-library|图书馆|Library|library, bookshelves, reading tables
  type-health|医疗康养|Healthcare
    space-clinic|诊所|Clinic|clinic, clean, calm waiting area
    space-dental|口腔诊所|Dental clinic|dental clinic, treatment chairs, bright
    space-wellness|康养中心|Wellness centre|wellness centre, soft, accessible
  type-leisure|休闲娱乐|Leisure
    space-gym|健身房|Gym|gym, equipment, rubber floor, mirrors
    space-spa|SPA|Spa|spa, treatment rooms, dim warm light
    space-cinema|影院|Cinema|cinema hall, tiered seating
color-scheme|色彩搭配|Colour schemes
  color-morandi|莫兰迪色|Morandi|muted morandi colour palette, greyish pastel tones
  color-black-white-grey|黑白灰|Black, white and grey|black white and grey palette, monochrome contrast
  color-wood-tone|原木色|Natural wood|natural wood tones, warm beige, light oak
  color-earth|大地色|Earth tones|earthy palette, terracotta, sand, clay
  color-cream-white|奶白色|Cream white|cream white and beige palette, soft warm
  color-blue-white|蓝白|Blue and white|blue and white palette, fresh
  color-forest-green|森林绿|Forest green|deep green accents, natural
  color-haze-blue|雾霾蓝|Haze blue|dusty haze blue palette, calm
  color-caramel|焦糖色|Caramel|caramel and brown leather tones, warm
  color-high-saturation|高饱和撞色|Bold colour blocking|bold saturated colour blocking
architecture-style|建筑风格|Architectural styles
  arch-family-modern|现代|Modern
    arch-modernism|现代主义|Modernism|modernist architecture, clean volumes, large glazing, white render
    arch-minimalism|极简主义|Minimalism|minimalist architecture, pure geometry, monolithic materials
    arch-parametric|参数化|Parametric|parametric architecture, flowing curved facade, fluid forms
    arch-high-tech|高技派|High-tech|high-tech architecture, exposed steel structure, glass and metal
    arch-brutalism|粗野主义|Brutalism|brutalist architecture, raw board-formed concrete, heavy massing
    arch-deconstructivism|解构主义|Deconstructivism|deconstructivist architecture, fragmented angular forms
  arch-family-eastern|东方|Eastern
    arch-new-chinese|新中式|New Chinese|new chinese architecture, grey tiles, white walls, sloped roofs, modern glazing
    arch-huizhou|徽派|Huizhou|huizhou vernacular architecture, horse-head walls, white walls and black tiles
    arch-jiangnan|江南园林|Jiangnan garden|jiangnan garden architecture, pavilions, corridors, water
    arch-japanese-modern|日式现代|Japanese modern|japanese modern architecture, timber louvres, deep eaves, restraint
  arch-family-western|西方|Western
    arch-classical|欧式古典|European classical|european classical architecture, columns, pediments, stone
    arch-neoclassical|新古典|Neoclassical|neoclassical architecture, symmetrical stone facade
    arch-art-deco|装饰艺术|Art Deco|art deco architecture, vertical lines, stepped massing, ornament
    arch-mediterranean|地中海|Mediterranean|mediterranean architecture, white stucco, arches, terracotta roofs
  arch-family-regional|地域与自然|Regional and natural
    arch-vernacular|乡土建筑|Vernacular|vernacular architecture, rammed earth, local stone, timber
    arch-tropical|热带度假|Tropical resort|tropical resort architecture, big roofs, open pavilions, timber
    arch-eco|生态绿色|Green building|green building, vertical planting, solar shading
architecture-type|建筑类型|Building types
  btype-residential|住宅|Residential
    btype-high-rise|高层住宅|High-rise housing|high-rise residential tower
    btype-mid-rise|洋房|Mid-rise housing|mid-rise residential with terraces
    btype-villa|别墅|Villa|detached villa
    btype-townhouse|联排|Townhouse|row of townhouses
  btype-commercial|商业|Commercial
    btype-mall|购物中心|Shopping mall|shopping mall
    btype-street|商业街|Retail street|pedestrian retail street
    btype-sales-center|售楼处|Sales centre|real estate sales pavilion
  btype-cultural|文化|Cultural
    btype-museum|博物馆|Museum|museum
    btype-gallery|美术馆|Art gallery|art gallery
    btype-library|图书馆|Library|public library
    btype-theatre|剧院|Theatre|theatre and performing arts centre
  btype-office|办公|Office
    btype-office-tower|写字楼|Office tower|office tower, curtain wall
    btype-hq|企业总部|Headquarters|corporate headquarters campus
  btype-hotel|酒店|Hotel
    btype-resort|度假酒店|Resort|resort hotel
    btype-city-hotel|城市酒店|City hotel|city hotel tower
  btype-education|教育|Education
    btype-school|中小学|School|school campus
    btype-university|大学|University|university building
  btype-industrial|产业|Industrial
    btype-factory|厂房|Factory|industrial factory
    btype-industrial-park|产业园|Industrial park|industrial park
window-view|室内外景|Window views
  window-city|城市|City
    window-city-skyline|城市天际线|City skyline|city skyline view through the window, high-rise towers, clear sky
    window-cbd-night|CBD 夜景|CBD at night|downtown night view through the window, city lights
    window-old-town|老城街景|Old town street|old town streetscape view through the window
  window-nature|自然|Nature
    window-mountain|山景|Mountains|mountain view through the window, layered ridges
    window-forest|森林|Forest|forest view through the window, tall trees, green
    window-field|田野|Countryside|countryside fields view through the window
  window-water|水景|Water
    window-river|江景|River|river view through the window, wide river, bridges
    window-sea|海景|Sea|ocean view through the window, horizon, blue sea
    window-lake|湖景|Lake|lake view through the window, calm water
  window-garden|庭院|Garden
    window-chinese-garden|中式园林|Chinese garden|chinese garden view through the window, rockery, bamboo
    window-zen-garden|日式庭院|Japanese garden|japanese garden view through the window, maple, moss
    window-private-garden|私家花园|Private garden|lush private garden view through the window, lawn, flowers
lighting|灯光氛围|Lighting
  light-natural|自然光|Natural light|soft natural daylight through windows
  light-warm|暖光|Warm light|warm 3000k lighting, cosy
  light-cool|冷光|Cool light|cool 5000k lighting, crisp
  light-no-main|无主灯|No main light|no ceiling main light, recessed downlights and linear lights
  light-strip|灯带|Light strips|hidden led light strips, indirect glow
  light-candle|烛光|Candlelight|candlelight, intimate ambience
  light-dramatic|戏剧光|Dramatic light|dramatic contrast lighting, spotlights
soft-furnishing|软装陈设|Soft furnishings
  deco-sofa|沙发|Sofa|designer sofa
  deco-rug|地毯|Rug|textured area rug
  deco-curtain|窗帘|Curtains|linen curtains
  deco-plant|绿植|Plants|indoor plants, potted trees
  deco-art|挂画|Artwork|framed artwork on the wall
  deco-lamp|落地灯|Floor lamp|designer floor lamp
  deco-vase|花艺|Flowers|flower arrangement in a vase
  deco-books|书籍摆件|Books and objects|books and decorative objects
landscape-type|景观类型|Landscape types
  ltype-courtyard|庭院|Courtyard
    ltype-villa-garden|别墅花园|Villa garden|villa garden
    ltype-patio|天井|Patio|inner patio
  ltype-park|公园|Park
    ltype-city-park|城市公园|City park|city park
    ltype-wetland|湿地公园|Wetland park|wetland park, boardwalks
    ltype-pocket-park|口袋公园|Pocket park|small pocket park
  ltype-plaza|广场|Plaza
    ltype-civic-plaza|市民广场|Civic plaza|civic plaza
    ltype-commercial-plaza|商业广场|Commercial plaza|commercial plaza
  ltype-roof|屋顶花园|Roof garden
    ltype-roof-garden|屋顶花园|Roof garden|roof garden
  ltype-waterfront|滨水|Waterfront
    ltype-riverside|滨江步道|Riverside promenade|riverside promenade
  ltype-street|街道|Street
    ltype-streetscape|街道景观|Streetscape|streetscape, street trees
  ltype-community|居住区|Residential community
    ltype-community-garden|社区景观|Community landscape|residential community landscape
    ltype-entrance|入口景观|Entrance landscape|landscape at the estate entrance
floor-plan|户型|Floor plans
  plan-studio|一居室|Studio / one bedroom|compact one-bedroom apartment
  plan-two|两居室|Two bedrooms|two-bedroom apartment
  plan-three|三居室|Three bedrooms|three-bedroom apartment
  plan-four|四居室及以上|Four bedrooms or more|large apartment
  plan-duplex|复式|Duplex|duplex with double-height living room
  plan-loft|LOFT|Loft|loft with mezzanine
  plan-villa|别墅|Villa|multi-storey villa
floor-area|面积段|Floor area
  area-under-60|60㎡ 以下|Under 60 m²|small apartment
  area-60-90|60–90㎡|60–90 m²|
  area-90-120|90–120㎡|90–120 m²|
  area-120-150|120–150㎡|120–150 m²|
  area-over-150|150㎡ 以上|Over 150 m²|spacious home
facade|建筑立面|Facades
  facade-curtain-wall|玻璃幕墙|Glass curtain wall|glass curtain wall facade
  facade-stone|石材幕墙|Stone cladding|natural stone cladding facade
  facade-fair-faced|清水混凝土|Fair-faced concrete|fair-faced concrete facade
  facade-brick|砖|Brick|brick facade
  facade-timber|木饰面|Timber|timber cladding facade
  facade-metal|金属板|Metal panels|perforated metal panel facade
  facade-louvre|格栅|Louvres|vertical louvre facade
landscape-element|景观元素|Landscape elements
  lel-water|水景|Water feature|water feature, still reflecting pool
  lel-pergola|廊架|Pergola|timber pergola
  lel-wall|景墙|Feature wall|landscape feature wall
  lel-seat|座椅|Seating|landscape benches
  lel-paving|铺装|Paving|stone paving pattern
  lel-sculpture|雕塑|Sculpture|landscape sculpture
  lel-lighting|景观灯|Landscape lighting|landscape lighting, bollards, uplights
  lel-play|儿童游乐|Play area|children's play area
planting|植物配置|Planting
  plant-tree|乔木|Trees|specimen trees
  plant-shrub|灌木|Shrubs|shrubs and hedges
  plant-groundcover|地被|Ground cover|ground cover planting
  plant-lawn|草坪|Lawn|lawn
  plant-border|花境|Flower border|mixed perennial flower border
  plant-bamboo|竹|Bamboo|bamboo grove
  plant-aquatic|水生植物|Aquatic plants|aquatic plants, reeds, lotus
season|季节|Seasons
  season-spring|春|Spring|spring, cherry blossom, fresh green
  season-summer|夏|Summer|summer, lush green, bright sun
  season-autumn|秋|Autumn|autumn, golden and red leaves
  season-winter|冬|Winter|winter, bare trees, snow
image-style|画面风格|Image styles
  image-photoreal|写实摄影|Photorealistic|photorealistic, professional architectural photography, high detail
  image-magazine|杂志大片|Magazine|interior design magazine photo, styled, editorial
  image-sketch|手绘草图|Hand sketch|hand-drawn architectural sketch, pencil lines
  image-watercolor|水彩|Watercolour|watercolour rendering, soft washes
  image-marker|马克笔|Marker|marker rendering, bold strokes
  image-model|模型|Physical model|architectural scale model, white card
  image-illustration|插画|Illustration|flat illustration, clean vector style
  image-cinematic|电影感|Cinematic|cinematic shot, dramatic light, film grain
`;
